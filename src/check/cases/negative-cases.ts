import type { CallSpec, CheckCase } from '../case-types.js';
import type { OperationModel } from '../spec-model.js';
import { deref } from '../../spec/load-spec.js';
import { encodeBody, isXmlType, MALFORMED, type EncodedBody } from '../encode-body.js';
import { makeCaseId, grantedRole, positiveBody, PRISM_ANSWERS, requiredRoles, servedCall, type BuildInput } from './case-helpers.js';

const REJECTED = { check: 'negative_data_rejection', outcome: 'rejected' } as const;

/** A value of the wrong JSON type for each schema type. */
const WRONG_VALUES: Record<string, { value: unknown; shown: string }> = {
  string: { value: { unexpected: 'object' }, shown: 'an object' },
  integer: { value: 'not-a-number', shown: 'a string' },
  number: { value: 'not-a-number', shown: 'a string' },
  boolean: { value: 'not-a-boolean', shown: 'a string' },
  object: { value: 'not-an-object', shown: 'a string' },
  array: { value: 'not-an-array', shown: 'a string' },
};

/**
 * Requests a served caller makes with bad input, which must get a 4xx: missing and
 * mistyped fields, wrong or missing Content-Type, unreadable JSON and XML, bad path
 * parameters, wrong credentials. The caller has a valid token so the input is reached.
 */
export function buildNegativeCases(m: OperationModel, input: BuildInput): CheckCase[] {
  return [...bodyFieldCases(m, input), ...encodingCases(m), ...pathParamCases(m), ...credentialCases(m, input)];
}

function defineNegative(
  m: OperationModel,
  id: string,
  title: string,
  body: (call: CallSpec) => EncodedBody | undefined,
  tags: CheckCase['tags'] = {},
  extra: Partial<CallSpec> = {},
): CheckCase {
  return {
    id: makeCaseId(m, 'negative', id),
    api: m.api,
    operationId: m.op.operationId,
    title,
    category: 'negative',
    requires: requiredRoles(m, grantedRole(m)),
    tags,
    run: async (ctx) => {
      const call = await servedCall(m, ctx.session, grantedRole(m));
      await ctx.call({ ...call, ...extra, body: body(call) }, REJECTED);
    },
  };
}

function bodyFieldCases(m: OperationModel, input: BuildInput): CheckCase[] {
  const schema = m.bodySchema;
  const base = m.examples[0]?.value; // its field names: which fields to leave out or mistype
  if (!schema || !base) return [];
  const json = (call: CallSpec, change: (b: Record<string, unknown>) => Record<string, unknown>) =>
    encodeBody(change(positiveBody(m, input.accounts, undefined, call.token)!), 'application/json');
  const out: CheckCase[] = [];
  const required: string[] = schema.required ?? [];
  for (const name of required.filter((n) => n in base)) {
    out.push(defineNegative(m, `missing-${name}`, `missing required field "${name}"`, (call) => json(call, (b) => omitFields(b, [name]))));
  }
  for (const names of alternativeGroups(m)) {
    out.push(
      defineNegative(m, `missing-${names.join('-')}`, `missing ${names.map((n) => `"${n}"`).join(' and ')} (one is required)`, (call) =>
        json(call, (b) => omitFields(b, names)),
      ),
    );
  }
  if (required.length > 0) out.push(defineNegative(m, 'empty-object', 'an empty JSON object', () => encodeBody({}, 'application/json')));
  for (const name of Object.keys(base)) {
    const type = propertyType(m, name);
    const wrong = type ? WRONG_VALUES[type] : undefined;
    if (!wrong) continue;
    out.push(
      defineNegative(m, `wrong-type-${name}`, `"${name}" as ${wrong.shown} instead of ${type}`, (call) =>
        json(call, (b) => ({ ...b, [name]: wrong.value })),
      ),
    );
  }
  return out;
}

/** `anyOf` branches that each require one field ("username or email"): all of them left out. */
function alternativeGroups(m: OperationModel): string[][] {
  const branches = (m.bodySchema?.allOf ?? []).flatMap((s: any) => ((s.anyOf ?? s.oneOf) ? [s.anyOf ?? s.oneOf] : []));
  if (m.bodySchema?.anyOf) branches.push(m.bodySchema.anyOf);
  return branches.map((list: any[]) => list.flatMap((b) => b.required ?? [])).filter((names: string[]) => names.length > 1);
}

function propertyType(m: OperationModel, name: string): string | undefined {
  const node = m.bodySchema?.properties?.[name];
  if (!node) return undefined;
  const schema = deref(m.spec, node, m.op.pointer);
  return typeof schema?.type === 'string' ? schema.type : undefined;
}

function omitFields(body: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out = { ...body };
  for (const n of names) delete out[n];
  return out;
}

/** Bodies a server cannot read: they apply to every operation that takes a body. */
function encodingCases(m: OperationModel): CheckCase[] {
  if (m.requestTypes.length === 0) return [];
  const text = (call: CallSpec) => (typeof call.body?.payload === 'string' ? call.body.payload : '{}');
  const out = [
    defineNegative(m, 'content-type-text-plain', 'unsupported Content-Type text/plain', (call) => ({
      payload: text(call),
      contentType: 'text/plain',
    })),
    defineNegative(m, 'content-type-missing', 'a body without Content-Type', (call) => ({ payload: new TextEncoder().encode(text(call)) })),
    defineNegative(m, 'malformed-json', 'malformed JSON body', () => ({ payload: MALFORMED.json, contentType: 'application/json' }), {
      prismAnswers: PRISM_ANSWERS.malformedJson,
    }),
  ];
  const xmlType = m.requestTypes.find(isXmlType);
  if (xmlType) {
    out.push(
      defineNegative(m, 'malformed-xml', `malformed XML body (${xmlType})`, () => ({ payload: MALFORMED.xml, contentType: xmlType }), {
        xml: true,
      }),
    );
  }
  return out;
}

function pathParamCases(m: OperationModel): CheckCase[] {
  return m.pathParams
    .filter((p) => p.type === 'integer' || p.type === 'number')
    .map((p) =>
      defineNegative(
        m,
        `path-${p.name}-not-numeric`,
        `non-numeric path parameter "${p.name}"`,
        (call) => call.body,
        {},
        { pathParams: { [p.name]: 'not-a-number' } },
      ),
    );
}

/** Logins with a wrong password, an unknown user, a wrong client secret: refused with 401/403. */
function credentialCases(m: OperationModel, input: BuildInput): CheckCase[] {
  const variants = m.profile.wrongCredentials[m.op.operationId] ?? [];
  return variants.map((v) => ({
    ...defineNegative(m, `credentials-${v.title}`, `${v.title} is refused`, () => undefined),
    run: async (ctx) => {
      const call = await servedCall(m, ctx.session, grantedRole(m));
      const body = v.change(positiveBody(m, input.accounts)!);
      await ctx.call({ ...call, body: encodeBody(body, 'application/json') }, { check: 'wrong_credentials_rejected', outcome: 'denied' });
    },
  }));
}
