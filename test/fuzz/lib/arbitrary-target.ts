import fc from 'fast-check';
import type { ApiModel, OperationModel } from './api-model.js';
import { arbitraryNastyString } from './arbitrary-junk.js';
import { sampleSchema } from './sample-schema.js';
import { percentEncode } from './percent-encode.js';

export interface TargetPlan {
  /** the raw request target (path and query), one char per byte */
  target: string;
  tags: string[];
}

/** Values for an integer path parameter that a strict or a sloppy parser would read differently. */
const TRICKY_IDS = [
  '0',
  '-1',
  '1',
  '2',
  '3',
  '99',
  '4294967296',
  '99999999999999999999',
  '9007199254740993',
  '-9007199254740992',
  '1e3',
  '1E+2',
  '0x10',
  '0b1',
  '0o7',
  '1.5',
  '1.0',
  '.5',
  '+1',
  '00001',
  '%201',
  '1%20',
  '%2B1',
  'Infinity',
  'NaN',
  'true',
  'null',
  'me',
  'ME',
  '%6de',
  '%2e',
  '..',
  '%00',
  '%zz',
  '%252F',
  '%2F',
  '１',
  '١',
  '1;a=b',
  '1%3Bx',
  '9'.repeat(400),
];

/** The request target: the operation's path under the API's prefix, then the tricks a proxy or router trips on. */
export function arbitraryTarget(model: ApiModel, op: OperationModel, storeCodes: string[]): fc.Arbitrary<TargetPlan> {
  const store = model.storeCodeSegment
    ? fc.oneof(
        { arbitrary: fc.constant<[string, string[]]>(['', []]), weight: 12 },
        { arbitrary: fc.constantFrom(...storeCodes).map((c): [string, string[]] => [`/${c}`, ['store:known']]), weight: 5 },
        {
          arbitrary: fc
            .oneof(
              fc.constantFrom('xx', 'DEFAULT', 'Default', 'V', 'v1', 'admin', '0', '%64efault', 'default%00', 'd%C3%A9'),
              fc.stringMatching(/^[a-z_]{1,40}$/),
            )
            .map((c): [string, string[]] => [`/${c}`, ['store:unknown']]),
          weight: 3,
        },
      )
    : fc.constant<[string, string[]]>(['', []]);
  const params = fc.tuple(
    ...op.pathParams.map((p) =>
      fc.oneof(
        {
          arbitrary: fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed): [string, string[]] => [String(sampleSchema(p.schema, seed)), []]),
          weight: 3,
        },
        { arbitrary: fc.constantFrom('1', '2').map((v): [string, string[]] => [v, ['param:fixture-id']]), weight: 2 },
        { arbitrary: fc.constantFrom(...TRICKY_IDS).map((v): [string, string[]] => [v, ['param:tricky']]), weight: 3 },
        { arbitrary: arbitraryNastyString.map((v): [string, string[]] => [percentEncode(v), ['param:nasty']]), weight: 1 },
      ),
    ),
  );
  const query = fc.oneof(
    { arbitrary: fc.constant<[string, string[]]>(['', []]), weight: 8 },
    {
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...op.queryParams.map((q) => q.name), 'userToken', 'searchCriteria[pageSize]', 'fields', 'a'),
              fc.string({ maxLength: 8 }),
            ),
            arbitraryNastyString,
          ),
          { minLength: 1, maxLength: 4 },
        )
        .map((pairs): [string, string[]] => [pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'), ['query:extra']]),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom('%', '%zz=1', '&&&', '=', 'a=%E0%A4%A', 'a'.repeat(2000) + '=1', 'userToken=&userToken=', '?')
        .map((q): [string, string[]] => [q, ['query:broken']]),
      weight: 1,
    },
  );
  // most requests keep the path as the spec writes it, so that the handlers behind routing are reached
  const tricks = fc.oneof(
    { arbitrary: fc.constant<Trick[]>([]), weight: 3 },
    { arbitrary: fc.array(arbitraryTrick, { minLength: 1, maxLength: 2 }), weight: 2 },
  );
  return fc.tuple(store, params, query, tricks, fc.nat()).map(([[storePart, storeTags], values, [q, queryTags], chosen, at]) => {
    let path = op.path;
    op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i][0])));
    path = model.prefix + storePart + path;
    const tags = [...storeTags, ...values.flatMap((v) => v[1]), ...queryTags];
    for (const trick of chosen) {
      path = trick.apply(path, at);
      tags.push(`path:${trick.name}`);
    }
    return { target: toWireTarget(q ? `${path}?${q}` : path), tags };
  });
}

interface Trick {
  name: string;
  apply: (path: string, at: number) => string;
}

/** Rewrites one slash (or segment) of the path, chosen by `at`; the first slash only when `first` says so. */
function atSlash(path: string, at: number, rewrite: (before: string, after: string) => string, first = true): string {
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index!).filter((i) => first || i > 0);
  if (!slashes.length) return path;
  const i = slashes[at % slashes.length];
  return rewrite(path.slice(0, i), path.slice(i));
}

// A target that does not start with '/', or holds raw bytes over 0x7f, never reaches the app:
// Node's HTTP parser answers it with a bare 400 (counted apart, see check-answer.ts).
const arbitraryTrick: fc.Arbitrary<Trick> = fc.oneof(
  { arbitrary: fc.constant<Trick>({ name: 'double-slash', apply: (p, at) => atSlash(p, at, (a, b) => `${a}/${b}`) }), weight: 2 },
  {
    arbitrary: fc
      .constantFrom('%2F', '%2f', '%252F', '\\')
      .map<Trick>((s) => ({ name: 'encoded-slash', apply: (p, at) => atSlash(p, at, (a, b) => `${a}${s}${b.slice(1)}`, false) })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom('/.', '/./.', '/x/..', '/%2e', '/%2E%2E/x', '/..', '/.%00')
      .map<Trick>((s) => ({ name: 'dot-segment', apply: (p, at) => atSlash(p, at, (a, b) => `${a}${s}${b}`) })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom('/', '//', '/.', '%20', '%00', ';', ';jsessionid=1', '#frag', '.json', '~')
      .map<Trick>((s) => ({ name: 'suffix', apply: (p) => p + s })),
    weight: 2,
  },
  { arbitrary: fc.constant<Trick>({ name: 'upper-case', apply: (p, at) => atSlash(p, at, (a, b) => a + b.toUpperCase()) }), weight: 1 },
  { arbitrary: fc.constant<Trick>({ name: 'lower-case', apply: (p, at) => atSlash(p, at, (a, b) => a + b.toLowerCase()) }), weight: 1 },
  {
    arbitrary: fc.constant<Trick>({
      name: 'percent-encode',
      apply: (p, at) =>
        atSlash(p, at, (a, b) => (b.length > 1 ? `${a}/%${b.charCodeAt(1).toString(16).toUpperCase()}${b.slice(2)}` : a + b)),
    }),
    weight: 2,
  },
  {
    arbitrary: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
      .map<Trick>((u) => ({ name: 'unicode', apply: (p, at) => atSlash(p, at, (a, b) => `${a}/${percentEncode(u)}${b}`) })),
    weight: 2,
  },
  {
    arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map<Trick>((u) => ({
      name: 'raw-unicode',
      apply: (p, at) => atSlash(p, at, (a, b) => `${a}/${Buffer.from(u, 'utf8').toString('latin1')}${b}`, false),
    })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom('%C0%AF', '%E0%80%AF', '%FF', '%ED%A0%80', '%EF%BB%BF')
      .map<Trick>((s) => ({ name: 'bad-utf8', apply: (p, at) => atSlash(p, at, (a, b) => `${a}/${s}${b}`) })),
    weight: 1,
  },
  {
    arbitrary: fc
      .integer({ min: 200, max: 6000 })
      .map<Trick>((n) => ({ name: 'long', apply: (p, at) => atSlash(p, at, (a, b) => `${a}/${'a'.repeat(n)}${b}`) })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom('/V2', '/v1', '/V01', '/V', '/V1/V1')
      .map<Trick>((v) => ({ name: 'version', apply: (p) => p.replace('/V1', v) })),
    weight: 1,
  },
);

/** The target as bytes (one char each): characters over U+00FF as their UTF-8 bytes, spaces and controls percent-encoded. */
function toWireTarget(target: string): string {
  let out = '';
  for (const c of target) {
    const code = c.codePointAt(0)!;
    if (code > 0xff) out += Buffer.from(c, 'utf8').toString('latin1');
    else if (code <= 0x20 || code === 0x7f) out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += c;
  }
  return out;
}
