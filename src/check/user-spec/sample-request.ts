import { createRequire } from 'node:module';
import type { Operation, SecurityScheme } from '../../core/types.js';
import { deref, type LoadedSpec } from '../../spec/load-spec.js';
import { encodeBody, isXmlType, type EncodedBody } from '../encode-body.js';
import { placeOf } from './credential-need.js';
import { satisfies, withPatternExamples } from './schema-values.js';

// openapi-sampler is loaded when a user's spec is checked, not by every `authmock check`.
const require = createRequire(import.meta.url);

/** The parts of a request an operation's spec implies, credentials aside. */
export interface SampledRequest {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  body?: EncodedBody;
  /** the body's value before it was encoded (a form's or multipart body's fields, as a JSON body's object) */
  bodyValue?: unknown;
  /** why the checker could make no request the operation's schemas accept: its cells are skipped, never sent */
  invalid?: string;
}

const NO_BODY = new Set(['GET', 'HEAD']);

// The spec decides these headers through other fields (OpenAPI 3.1 §4.8.12.1).
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * A valid request of the operation, so that only the credential differs between cells:
 * every path parameter and every required query, header and cookie parameter (but those
 * where an API key goes) from its example, else made from its schema; the body from the
 * first media type's example, else made from its schema (JSON first).
 */
export function sampleRequest(given: LoadedSpec, op: Operation, schemes: ReadonlyMap<string, SecurityScheme> = new Map()): SampledRequest {
  // openapi-sampler ignores `pattern`: the document it reads has an example matching each one
  const spec = { ...given, doc: withPatternExamples(given.doc) };
  const out: SampledRequest = { pathParams: {}, query: {}, headers: {}, cookies: {} };
  const schemas = paramSchemas(spec, op);
  // A parameter that is also an API key's place carries the cell's credential, or none.
  const credentialPlaces = new Set([...schemes.values()].map(placeOf));
  for (const p of op.params) {
    if (!p.required || (p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase()))) continue;
    if (credentialPlaces.has(`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`)) continue;
    const schema = schemas.get(`${p.in} ${p.name}`);
    const value = toText(p.example !== undefined ? p.example : sampleOf(spec, schema));
    const into = { path: out.pathParams, query: out.query, header: out.headers, cookie: out.cookies }[p.in];
    into[p.name] = value;
    if (!out.invalid && !satisfies(deref(spec, schema ?? {}, op.pointer, op.operationId), value))
      out.invalid = `the checker cannot make a value of ${p.in} parameter ${p.name} that its schema accepts${describe(spec, schema, op)}`;
  }
  // a template the spec declares no parameter for (a slip lint reports) still needs a segment to reach the operation
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) out.pathParams[name!] ??= 'authmock-check';
  // a GET or HEAD body has no meaning (RFC 9110 §9.3.1) and fetch refuses to send one: Stripe's GETs declare a form body
  const sampled = op.requestBody && !NO_BODY.has(op.method) ? sampleBody(spec, op.requestBody.media) : undefined;
  const checked = sampled && checkBody(op, sampled.body);
  if (checked?.problem && !out.invalid) out.invalid = checked.problem;
  const body = checked?.body ?? sampled?.body;
  return body ? { ...out, body, bodyValue: checked?.value ?? sampled!.value } : out;
}

/**
 * The body as the operation's own validator (the server's, Ajv) takes it: an example of the
 * wrong type (`password: 12345` for a string) cast as the validator casts it, so that what
 * the checker sends is what a server of the spec stores; or why the validator refuses it.
 */
function checkBody(op: Operation, body: EncodedBody): { body?: EncodedBody; value?: unknown; problem?: string } {
  const type = body.contentType ?? '';
  const validate = op.requestBody?.media.byType.get(type);
  if (!validate || !isJson(type)) return {};
  const value: unknown = JSON.parse(String(body.payload));
  if (validate(value)) return { body: { ...body, payload: JSON.stringify(value) }, value };
  const e = validate.errors?.[0];
  return {
    problem: `the checker cannot make a ${type} body that its schema accepts: ${e?.instancePath || '(the body)'} ${e?.message ?? 'is invalid'}`,
  };
}

function describe(spec: LoadedSpec, schema: unknown, op: Operation): string {
  const s = deref<Record<string, unknown>>(spec, schema ?? {}, op.pointer, op.operationId);
  return typeof s?.pattern === 'string' ? ` (pattern ${s.pattern})` : '';
}

function sampleBody(
  spec: LoadedSpec,
  media: NonNullable<Operation['requestBody']>['media'],
): { body: EncodedBody; value: unknown } | undefined {
  const types = [...new Set([...media.examples.keys(), ...media.schemaAt.keys()])];
  const type = types.find(isJson) ?? types.find((t) => !isXmlType(t)) ?? types[0];
  if (type === undefined) return undefined;
  const example = media.examples.get(type)?.first;
  const at = media.schemaAt.get(type);
  const value = example !== undefined ? example : at !== undefined ? sampleOf(spec, { $ref: `#${at}` }) : undefined;
  if (isJson(type)) return { body: { payload: JSON.stringify(value ?? {}), contentType: type }, value: value ?? {} };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    try {
      return { body: encodeBody(value as Record<string, unknown>, type), value };
    } catch {
      // a media type encodeBody does not know: sent as text below
    }
  }
  return { body: { payload: typeof value === 'string' ? value : 'authmock-check', contentType: type }, value };
}

/** A parameter's schema, its own `$ref` followed (undefined: it declares none). */
export function paramSchema(spec: LoadedSpec, op: Operation, where: string, name: string): Record<string, unknown> | undefined {
  const schema = paramSchemas(spec, op).get(`${where} ${name}`);
  return schema === undefined ? undefined : deref(spec, schema, op.pointer, op.operationId);
}

/** Each parameter's schema by `<in> <name>`, the operation's overriding the path item's. */
function paramSchemas(spec: LoadedSpec, op: Operation): Map<string, unknown> {
  const item = spec.doc.paths?.[op.path] ?? {};
  const raw = item[op.method.toLowerCase()] ?? {};
  const out = new Map<string, unknown>();
  for (const node of [...(item.parameters ?? []), ...(raw.parameters ?? [])]) {
    const p = deref(spec, node, op.pointer, op.operationId);
    if (p?.name && p.in) out.set(`${p.in} ${p.name}`, p.schema);
  }
  return out;
}

/**
 * A JSON answer of the operation at `status` as the spec gives it: its example, else made
 * from its schema (readOnly properties in, writeOnly ones out, as a server answers them).
 */
export function sampleAnswer(given: LoadedSpec, op: Operation, status: string): unknown {
  const media = op.responses.get(status);
  const type = media && [...new Set([...media.examples.keys(), ...media.schemaAt.keys()])].find(isJson);
  if (!media || type === undefined) return undefined;
  const example = media.examples.get(type)?.first;
  if (example !== undefined) return structuredClone(example);
  const at = media.schemaAt.get(type);
  const spec = { ...given, doc: withPatternExamples(given.doc) };
  return at === undefined ? undefined : sampleOf(spec, { $ref: `#${at}` }, 'answer');
}

function sampleOf(spec: LoadedSpec, schema: unknown, what: 'request' | 'answer' = 'request'): unknown {
  if (!schema || typeof schema !== 'object') return 'authmock-check';
  const { sample } = require('openapi-sampler') as typeof import('openapi-sampler');
  const skip = what === 'request' ? { skipReadOnly: true } : { skipWriteOnly: true };
  try {
    return sample(schema as object, { ...skip, quiet: true, maxSampleDepth: 8 }, spec.doc);
  } catch {
    return undefined; // a schema the sampler cannot follow: the server judges what comes
  }
}

/** A parameter value as text: an array's first item (one `form` value), an object as JSON. */
function toText(value: unknown): string {
  if (Array.isArray(value)) return toText(value[0]);
  if (value === undefined || value === null) return 'authmock-check';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}
