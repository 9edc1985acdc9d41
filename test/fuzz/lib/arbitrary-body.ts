import fc from 'fast-check';
import type { ApiModel, OperationModel, Schema } from './api-model.js';
import type { BodyPlan, ByteTweak, Encoding, EncodingTweak } from './body-plan.js';
import type { FuzzAccounts } from './load-accounts.js';
import { arbitraryCredentials } from './arbitrary-credentials.js';
import { arbitraryJunkKey, arbitraryJunkValue, arbitraryNastyString } from './arbitrary-junk.js';
import { sampleSchema } from './sample-schema.js';

/** The body limit authmock serves with by default (docs/hardening.md: 1 MiB). */
export const BODY_LIMIT = 1024 * 1024;

const ENCODING_OF: [RegExp, Encoding][] = [
  [/json/i, 'json'],
  [/xml/i, 'xml'],
  [/x-www-form-urlencoded/i, 'form'],
  [/multipart/i, 'multipart'],
];

const UNDECLARED_TYPES = [
  'text/plain',
  'application/octet-stream',
  'text/html',
  'application/vnd.api+json',
  'application/json-patch+json',
  'application/ld+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/mixed',
  'application/xml',
  'text/xml',
  'application/json',
  '*/*',
  '',
  ' ',
  'garbage',
  'application/',
  '/json',
  'application/json, text/xml',
  'application/json; charset',
  'text/plain; charset=utf-8',
];

/** A body for `op`, valid or mutated, in every content type the spec declares and some it does not. */
type PlannedBody = { plan?: BodyPlan; tags: string[] };

export function arbitraryBody(model: ApiModel, op: OperationModel, accounts: FuzzAccounts): fc.Arbitrary<PlannedBody> {
  const declared = op.requestBody ? [...op.requestBody.media.keys()] : [];
  const schema: Schema = op.requestBody ? ([...op.requestBody.media.values()][0] ?? {}) : {};
  const isLogin = typeof schema === 'object' && !!(schema.properties as Record<string, unknown> | undefined)?.password;
  const value: fc.Arbitrary<unknown> = isLogin
    ? arbitraryCredentials(model.name, op.operationId, accounts)
    : isAnyValue(schema)
      ? fc.jsonValue({ maxDepth: 3 })
      : fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => sampleSchema(schema, seed));
  const body = fc
    .record({
      type: arbitraryContentType(declared),
      value,
      mutations: fc.oneof(
        { arbitrary: fc.constant<Mutation[]>([]), weight: 1 },
        { arbitrary: fc.array(arbitraryMutation(schema), { minLength: 1, maxLength: 3 }), weight: 1 },
      ),
      mismatch: fc.oneof(
        { arbitrary: fc.constant<Encoding | undefined>(undefined), weight: 12 },
        { arbitrary: fc.constantFrom<Encoding | undefined>('json', 'xml', 'form', 'multipart'), weight: 1 },
      ),
      raw: fc.oneof({ arbitrary: fc.constant<string | undefined>(undefined), weight: 12 }, { arbitrary: arbitraryRawBody, weight: 1 }),
      tweak: fc.oneof(
        { arbitrary: fc.constant<EncodingTweak>('none'), weight: 6 },
        { arbitrary: fc.constantFrom<EncodingTweak>(...TWEAKS), weight: 2 },
      ),
      bytes: fc.oneof(
        { arbitrary: fc.constant<ByteTweak>('none'), weight: 12 },
        { arbitrary: fc.constantFrom<ByteTweak>('truncate', 'bom', 'utf16le', 'invalid-utf8', 'nul', 'latin1'), weight: 2 },
      ),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      padTo: fc.oneof(
        { arbitrary: fc.constant<number | undefined>(undefined), weight: 200 },
        { arbitrary: fc.constantFrom(BODY_LIMIT - 1, BODY_LIMIT, BODY_LIMIT + 1, 2 * BODY_LIMIT), weight: 1 },
      ),
      xmlRoot: fc.constantFrom('login', 'request', 'root', 'x'),
      boundary: fc.oneof(fc.stringMatching(/^[A-Za-z0-9'()+_,-]{1,70}$/), fc.constant('----WebKitFormBoundary7MA4YWxkTrZu0gW')),
    })
    .map(({ type, value, mutations, mismatch, raw, tweak, bytes, at, padTo, xmlRoot, boundary }) => {
      const tags = [...type.tags];
      let v = value;
      for (const m of mutations) {
        v = m.apply(v);
        tags.push(`body:${m.name}`);
      }
      const encoding: Encoding = raw !== undefined ? 'raw' : (mismatch ?? encodingOf(type.header));
      if (raw !== undefined) tags.push('body:raw');
      if (mismatch) tags.push('body:encoding-mismatch');
      const usable = TWEAK_ENCODING[tweak] === undefined || TWEAK_ENCODING[tweak] === encoding ? tweak : 'none';
      if (usable !== 'none') tags.push(`encode:${usable}`);
      if (bytes !== 'none') tags.push(`bytes:${bytes}`);
      if (padTo) tags.push(`size:${padTo - BODY_LIMIT >= 0 ? '+' : ''}${padTo - BODY_LIMIT}`);
      if (!mutations.length && raw === undefined && !mismatch && usable === 'none' && bytes === 'none' && !type.tags.length)
        tags.push('body:valid');
      const plan: BodyPlan = { contentType: type.header, encoding, value: v, raw, tweak: usable, bytes, at, padTo, xmlRoot, boundary };
      return { plan, tags } as PlannedBody;
    });
  if (op.requestBody) {
    const weightNone = op.requestBody.required ? 1 : 6;
    return fc.oneof({ arbitrary: body, weight: 20 }, { arbitrary: fc.constant<PlannedBody>({ tags: ['body:none'] }), weight: weightNone });
  }
  return fc.oneof(
    { arbitrary: fc.constant<PlannedBody>({ tags: [] }), weight: 12 },
    { arbitrary: body.map((b): PlannedBody => ({ ...b, tags: [...b.tags, 'body:unexpected'] })), weight: 1 },
  );
}

function isAnyValue(schema: Schema): boolean {
  if (typeof schema !== 'object') return schema === true;
  return !['type', 'properties', 'items', 'anyOf', 'allOf', 'oneOf', 'const', 'enum'].some((k) => k in schema);
}

function encodingOf(header: string | undefined): Encoding {
  return ENCODING_OF.find(([re]) => re.test(header ?? ''))?.[1] ?? 'json';
}

type PlannedType = { header?: string; tags: string[] };

function arbitraryContentType(declared: string[]): fc.Arbitrary<PlannedType> {
  const types = declared.length ? declared : ['application/json'];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...types).map((header) => ({ header, tags: [`type:${header}`] })), weight: 14 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...types),
          fc.constantFrom(
            '; charset=utf-8',
            '; charset=UTF-8',
            ';charset="utf-8"',
            '; charset=iso-8859-1',
            '; charset=utf-16',
            '; foo=bar',
            ' ',
            'upper',
          ),
        )
        .map(([t, p]) => ({ header: p === 'upper' ? t.toUpperCase() : `${t}${p}`, tags: [`type:${t}`, 'type:variant'] })),
      weight: 4,
    },
    { arbitrary: fc.constantFrom(...UNDECLARED_TYPES).map((header) => ({ header, tags: ['type:undeclared'] })), weight: 3 },
    { arbitrary: fc.constant<PlannedType>({ header: undefined, tags: ['type:none'] }), weight: 2 },
  );
}

const TWEAKS: EncodingTweak[] = [
  'xml-doctype',
  'xml-entity',
  'xml-undefined-entity',
  'xml-charref',
  'xml-cdata',
  'xml-attributes',
  'xml-namespace',
  'xml-comment',
  'xml-declaration-latin1',
  'xml-nested-field',
  'multipart-no-boundary',
  'multipart-wrong-boundary',
  'multipart-unterminated',
  'multipart-file-part',
  'multipart-lf-only',
  'form-broken-percent',
  'form-duplicate-keys',
  'form-brackets',
];
const TWEAK_ENCODING: Record<EncodingTweak, Encoding | undefined> = Object.fromEntries(
  TWEAKS.map((t) => [t, t.startsWith('xml') ? 'xml' : t.startsWith('multipart') ? 'multipart' : 'form']),
) as Record<EncodingTweak, Encoding | undefined>;

/** Whole bodies no encoder would produce. */
const arbitraryRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '[1,2,3]',
    '{',
    '{"username":',
    '{"a":1}}',
    '<',
    '<login>',
    '<a><b></a>',
    '\u0000',
    '\r\n\r\n',
  ),
  fc.integer({ min: 1000, max: 100000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1000, max: 20000 }).map((n) => '<a>'.repeat(n) + '</a>'.repeat(n)),
  fc.integer({ min: 100, max: 5000 }).map((n) => `{"username":"a","password":"b"${',"x":1'.repeat(n)}}`),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => Buffer.from(s, 'utf8').toString('latin1')),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
);

interface Mutation {
  name: string;
  apply: (value: unknown) => unknown;
}

const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Changes to a valid value: fields dropped, added, retyped, at and past their length bounds. */
function arbitraryMutation(schema: Schema): fc.Arbitrary<Mutation> {
  const props = (typeof schema === 'object' ? (schema.properties as Record<string, Record<string, unknown>>) : undefined) ?? {};
  const names = Object.keys(props);
  const pick = (v: Record<string, unknown>, i: number) => {
    const keys = Object.keys(v).length ? Object.keys(v) : names;
    return keys.length ? keys[i % keys.length] : 'field';
  };
  return fc.oneof(
    fc.nat().map<Mutation>((i) => ({
      name: 'drop-field',
      apply: (v) => {
        const o = asObject(v);
        if (!o) return v;
        const { [pick(o, i)]: _gone, ...rest } = o;
        return rest;
      },
    })),
    fc.tuple(arbitraryJunkKey, arbitraryJunkValue).map<Mutation>(([k, x]) => ({
      name: 'extra-field',
      apply: (v) => {
        const o = asObject(v);
        if (!o) return v;
        const copy = { ...o };
        Object.defineProperty(copy, k, { value: x, enumerable: true, configurable: true, writable: true });
        return copy;
      },
    })),
    fc
      .tuple(fc.nat(), arbitraryJunkValue)
      .map<Mutation>(([i, x]) => ({ name: 'retype-field', apply: (v) => setField(v, i, pick, () => x) })),
    fc.tuple(fc.nat(), fc.constantFrom('max', 'max+1', 'empty', 'huge')).map<Mutation>(([i, edge]) => ({
      name: `length-${edge}`,
      apply: (v) =>
        setField(v, i, pick, (key) => {
          const max = Number(props[key]?.maxLength ?? 255);
          return 'x'.repeat(edge === 'max' ? max : edge === 'max+1' ? max + 1 : edge === 'empty' ? 0 : 100_000);
        }),
    })),
    fc
      .tuple(fc.nat(), arbitraryNastyString)
      .map<Mutation>(([i, s]) => ({ name: 'nasty-string', apply: (v) => setField(v, i, pick, () => s) })),
    fc.tuple(fc.nat(), fc.constantFrom('upper', 'space', 'unicode')).map<Mutation>(([i, how]) => ({
      name: `rename-field-${how}`,
      apply: (v) => {
        const o = asObject(v);
        if (!o) return v;
        const key = pick(o, i);
        const { [key]: value, ...rest } = o;
        const renamed = how === 'upper' ? key.toUpperCase() : how === 'space' ? ` ${key}` : `${key}\u200b`;
        return { ...rest, [renamed]: value };
      },
    })),
    arbitraryJunkValue.map<Mutation>((x) => ({ name: 'replace-whole', apply: () => x })),
    fc.constant<Mutation>({ name: 'wrap-in-array', apply: (v) => [v] }),
  );
}

function setField(v: unknown, i: number, pick: (o: Record<string, unknown>, i: number) => string, make: (key: string) => unknown): unknown {
  const o = asObject(v);
  if (!o) return v;
  const key = pick(o, i);
  return { ...o, [key]: make(key) };
}
