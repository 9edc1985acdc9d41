import type { HandlerResult, Operation, SecurityScheme, WireResponse } from '../../core/types.js';
import { fillTemplate } from '../../core/fill-template.js';
import type { Dialect, Refusal, ValidationFailure } from '../../pipeline/dialect.js';
import type { Authenticated, Decoded } from '../../pipeline/stages.js';
import { declaredResponse } from '../../pipeline/validate.js';
import { isYamlType } from '../../pipeline/answer-media.js';
import { stripMount } from '../../pipeline/strip-mount.js';
import { challengeFor } from '../../auth/challenges.js';
import { readBearer } from '../../auth/credentials.js';
import type { SampleOf } from '../../spec/samples.js';
import { decodeSpecBody } from './decode-body.js';
import { SPEC_ERRORS, SpecApiError, type SpecErrorCode, type SpecErrorContext } from './spec-errors.js';

const PROBLEM = 'application/problem+json';

export interface SpecDialectParts {
  name: string;
  /** where the spec is mounted (its first servers URL's path) */
  mount: string;
  schemes: ReadonlyMap<string, SecurityScheme>;
  sample: SampleOf;
}

/**
 * A user's spec, served as the spec states it: route, then credentials and the security
 * requirements (401 with a challenge per acceptable scheme, 403 for a missing scope or
 * another owner's resource, RFC 6750), then the body and its validation, then the answer.
 * Refusals use the operation's own declared response (its example, else one made from
 * its schema), else application/problem+json.
 */
export function createSpecDialect(parts: SpecDialectParts): Dialect {
  const { name } = parts;
  const fail = (code: SpecErrorCode, params: Record<string, unknown> = {}, context: SpecErrorContext = {}) =>
    new SpecApiError(name, code, params, context);

  return {
    async run(kit) {
      const { req } = kit;
      const local = stripMount(parts.mount, req.path);
      const match = local === undefined ? ({ kind: 'none' } as const) : await kit.route(local);
      if (match.kind === 'none') throw fail('NOT_FOUND', { api: name, method: req.method, path: req.path });
      if (match.kind === 'wrong-method') {
        const allowed = match.allowed.join(', ');
        throw fail('METHOD_NOT_ALLOWED', { method: req.method, path: req.path, allowed }, { headers: { Allow: allowed } });
      }
      const routed = { op: match.op, pathParams: match.params };
      const decode = () => decodeSpecBody(req, match.op, (code, params) => fail(code, params, { op: match.op }));
      // a credential a form field may carry (Slack's `token`) is read from the decoded body: decoded first
      const carriers = carriersOf(match.op);
      const early = carriers.length && match.op.requestBody ? await decode() : undefined;
      const authenticated = await kit.authenticate(routed, early);
      const authorized = kit.authorize(authenticated);
      if ('allowed' in authorized) throw refusalError(authorized, authenticated);
      const fields = carriers.filter((c) => !match.op.params.some((p) => p.in === 'query' && p.name === c));
      const decoded = withCarriedCredential(early ?? (await decode()), fields, readBearer(req.headers.authorization));
      const validated = kit.validate(authorized, decoded);
      if ('errors' in validated) throw invalidError(validated, match.op);
      return kit.answer(validated);
    },
    renderError(err) {
      if (!(err instanceof SpecApiError)) throw new TypeError(`not an error of ${name}: ${err.code}`);
      return renderSpecError(err, parts.sample);
    },
    serialize: serializeSpecAnswer,
    internalError: (reportId) => fail('INTERNAL', { reportId }),
    bodyTooLarge: (limit) => fail('BODY_TOO_LARGE', { limit }),
    unavailable: () => fail('UNAVAILABLE'),
  };

  /** The form fields and query parameters that carry a credential of one of the operation's schemes. */
  function carriersOf(op: Operation): readonly string[] {
    const out: string[] = [];
    for (const name of op.schemes) {
      const scheme = parts.schemes.get(name);
      if (scheme && 'params' in scheme && scheme.params) out.push(...scheme.params);
    }
    return out;
  }

  function refusalError(refusal: Refusal, authenticated: Authenticated): SpecApiError {
    const { op, authn } = authenticated;
    const challenge = refusal.reason === 'not_owner' ? undefined : challengeFor(refusal, op.security, parts.schemes, authn.verdicts, name);
    const headers = challenge ? { 'WWW-Authenticate': challenge } : undefined;
    if (refusal.reason === 'unauthenticated') {
      const reason = authn.reported.outcome === 'absent' ? 'credentials are required' : 'the credentials are not valid';
      return fail('UNAUTHENTICATED', { reason }, { op, headers });
    }
    const reason =
      refusal.reason === 'insufficient_scope'
        ? `the credentials lack ${refusal.missing.join(', ')}`
        : `only the owner of ${refusal.param} may call ${op.operationId}`;
    return fail('FORBIDDEN', { reason }, { op, headers });
  }

  function invalidError(failure: ValidationFailure, op: Operation): SpecApiError {
    const problems = failure.errors.slice(0, 20).map((e) => `${failure.place}${e.instancePath || ''} ${e.message}`);
    // a spec that declares 422 and not 400 for invalid input gets its 422
    const status = !op.responses.has('400') && op.responses.has('422') ? 422 : undefined;
    return fail('INVALID_REQUEST', { problem: problems[0] ?? failure.place }, { op, status, extra: { errors: problems } });
  }
}

/** The operation's declared answer for the status (its example, else made from its schema), else problem+json. */
function renderSpecError(err: SpecApiError, sample: SampleOf): HandlerResult {
  const def = SPEC_ERRORS[err.code];
  const status = err.context.status ?? def.status;
  const headers = { ...err.context.headers };
  const op = err.context.op;
  const declared = op && declaredResponse(op, status);
  const detail = fillTemplate(def.detail, err.params);
  const problem = { type: 'about:blank', title: def.title, status, detail, ...err.context.extra };
  // a declared problem+json without an example gets authmock's own words where they fit its schema, not a sample of "string"s
  const declaredProblem = declared?.byType.get(PROBLEM);
  if (declared && !declared.examples.get(PROBLEM)?.first && declaredProblem?.(problem))
    return { status, headers: { ...headers, 'Content-Type': PROBLEM }, body: problem };
  if (op && declared) {
    const key =
      op.responses.get(String(status)) === declared
        ? String(status)
        : op.responses.get(`${String(status)[0]}XX`) === declared
          ? `${String(status)[0]}XX`
          : 'default';
    const type =
      declared.examples.has('application/json') || declared.schemaAt.has('application/json')
        ? 'application/json'
        : [...declared.schemaAt.keys(), ...declared.examples.keys()][0];
    if (type !== undefined) {
      const example = declared.examples.get(type)?.first;
      const body = example !== undefined ? structuredClone(example) : structuredClone(sample(op, key, type));
      if (body !== undefined) return { status, headers: { ...headers, 'Content-Type': contentTypeOf(type) }, body };
    }
  }
  return { status, headers: { ...headers, 'Content-Type': PROBLEM }, body: problem };
}

/** JSON unless the answer names another type (serializeInType). */
function serializeSpecAnswer(result: HandlerResult, _format: 'json' | 'xml', json: (value: unknown) => string): WireResponse {
  const headers = { ...result.headers };
  if (result.body === undefined) {
    delete headers['Content-Type'];
    return { status: result.status, headers, payload: '' };
  }
  const type = headers['Content-Type'] ?? 'application/json';
  headers['Content-Type'] = type;
  if (!/[/+]json\b/i.test(type)) return serializeInType(result, headers, type, json);
  return { status: result.status, headers, payload: json(result.body) };
}

/**
 * A body in a type that is not JSON: bytes (an image, a PDF) and text (CSV, YAML, XML) go as
 * they are, text/* with its charset; a number is its text, an object in YAML its JSON (which
 * YAML reads). Any other object has no text in that type (XML from a schema): it goes as JSON.
 */
function serializeInType(
  result: HandlerResult,
  headers: Record<string, string>,
  type: string,
  json: (value: unknown) => string,
): WireResponse {
  const { status, body } = result;
  if (Buffer.isBuffer(body)) return { status, headers, payload: body };
  if (typeof body === 'object' && body !== null && !isYamlType(type.split(';')[0].trim().toLowerCase())) {
    headers['Content-Type'] = 'application/json';
    return { status, headers, payload: json(body) };
  }
  if (/^text\//i.test(type) && !type.includes(';')) headers['Content-Type'] = `${type}; charset=utf-8`;
  return { status, headers, payload: typeof body === 'string' ? body : json(body) };
}

function contentTypeOf(type: string): string {
  return /json$/.test(type) || type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/**
 * A form body without the field that carries the credential, where the credential came in
 * the Authorization header instead: the header's token stands for the field, so a required
 * `token` is not refused as missing (Slack's SDKs send either).
 */
function withCarriedCredential(decoded: Decoded, carriers: readonly string[], token: string | undefined): Decoded {
  const body = decoded.body;
  if (!token || !carriers.length || !body || typeof body !== 'object' || Array.isArray(body)) return decoded;
  const missing = carriers.filter((c) => (body as Record<string, unknown>)[c] === undefined);
  if (!missing.length) return decoded;
  return { ...decoded, body: { ...body, ...Object.fromEntries(missing.map((c) => [c, token])) } };
}
