import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, ApiName, OperationModel, Schema } from './api-model.js';
import type { Answer, Finding } from './answer.js';
import type { FuzzRequest, Principal } from './fuzz-request.js';
import type { WireRequest } from './encode-request.js';
import { matchXml } from './match-xml.js';

// ajv and ajv-formats are CommonJS: their default export arrives wrapped under ESM.
const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

/** Over this an answer counts as a hang (issue #14). */
export const SLOW_MS = 2000;
/** Shorter generated values are not checked for echoes: they occur in any text by chance. */
const MIN_SECRET_LENGTH = 8;

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

/**
 * The fuzzer's oracle, built from the specs alone: no 5xx, no answer off its spec, no
 * secret or token echoed, no hang. It knows where the server attributes a path to an
 * API the way docs/built-in-apis.md describes it (/rest/..., /socialapi/...).
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false, logger: false });
  private readonly compiled = new Map<Schema, Validate>();

  /**
   * @param identities the login name each valid-token principal's own record answers with,
   *   so that an answer about someone else is caught
   */
  constructor(
    private readonly models: Record<ApiName, ApiModel>,
    private readonly fixtureSecrets: string[],
    private readonly identities: Partial<Record<Principal, string>> = {},
  ) {
    addFormats(this.ajv);
    for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) this.ajv.addFormat(f, true);
  }

  check(req: FuzzRequest, wire: WireRequest, token: string | undefined, answer: Answer): Finding[] {
    if (answer.error) return [{ kind: 'no-answer', detail: answer.error }];
    const findings: Finding[] = [];
    if (answer.ms > SLOW_MS) findings.push({ kind: 'slow', detail: `answered after ${Math.round(answer.ms)} ms` });
    if (answer.status >= 500)
      findings.push({ kind: 'server-error', detail: `status ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}` });
    if (answer.violations?.length) findings.push({ kind: 'spec-violation', detail: JSON.stringify(answer.violations).slice(0, 600) });
    const offSpec = this.findOffSpec(req, wire, answer);
    if (offSpec) findings.push({ kind: 'off-spec', detail: offSpec });
    const access = this.findAccessProblem(req, wire, answer);
    if (access) findings.push({ kind: 'access', detail: access });
    const format = findFormatProblem(req, wire, answer);
    if (format) findings.push({ kind: 'off-spec', detail: format });
    const echoed = this.findEcho(req, token, answer);
    if (echoed) findings.push({ kind: 'secret-echoed', detail: echoed });
    return findings;
  }

  private findOffSpec(req: FuzzRequest, wire: WireRequest, answer: Answer): string | undefined {
    const path = wire.target.split('?')[0];
    const text = answer.body.toString('utf8');
    if (wire.method === 'HEAD' || answer.status === 204 || answer.status === 304) {
      return answer.body.length ? `status ${answer.status} to ${wire.method} has a body` : undefined;
    }
    // Node's HTTP parser refuses what is not HTTP (raw bytes over 0x7f in the target, a
    // target not starting with '/') before the app sees it; counted apart by the runner.
    if (isParserRejection(answer)) return undefined;
    const apiName = attributeApi(path);
    const media = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!apiName) {
      // outside both APIs: the server's own 404 {message}
      if (answer.status !== 404) return `status ${answer.status} for a path outside both APIs`;
      return media === 'application/json' && typeof parseJson(text)?.message === 'string'
        ? undefined
        : `404 outside the APIs is not JSON {message}: ${text.slice(0, 200)}`;
    }
    const model = this.models[apiName];
    if (!model.responseTypes.has(media)) return `Content-Type ${media || '(none)'} is not one the ${apiName} spec answers with`;
    const op =
      routeByTheSpec(model, wire.method, path) ??
      (apiName === req.api ? model.operations.find((o) => o.operationId === req.operationId) : undefined);
    const schemas = this.schemasFor(model, op, answer.status, media);
    if (!schemas.length)
      return `status ${answer.status} ${media} is declared neither for ${req.operationId} nor as the ${apiName} error shape`;
    if (media === 'application/json') {
      const value = parseJson(text);
      if (value === undefined) return `body is not JSON: ${text.slice(0, 200)}`;
      const problems = schemas.map((s) => this.validate(s, value.json));
      return problems.includes(undefined)
        ? undefined
        : `status ${answer.status} body is off the schema (${problems[0]}): ${text.slice(0, 300)}`;
    }
    const problem = matchXml(text, schemas);
    return problem && `status ${answer.status} XML is off the schema (${problem}): ${text.slice(0, 300)}`;
  }

  /**
   * The spec's x-authmock-permission, for successes: a protected operation answers 2xx only
   * to a valid token of its own API whose principal has the permission ('self': a customer;
   * a resource list: the admin whose role has all resources), and then about that principal.
   */
  private findAccessProblem(req: FuzzRequest, wire: WireRequest, answer: Answer): string | undefined {
    if (answer.status < 200 || answer.status >= 300 || wire.method === 'OPTIONS') return undefined;
    const path = wire.target.split('?')[0];
    if (attributeApi(path) !== req.api) return undefined;
    // the operation the path names, which a tricky parameter ('me') can make another than the generated one
    const op = routeByTheSpec(this.models[req.api], wire.method, path);
    if (!op || op.permission === 'anonymous') return undefined;
    const t = req.token;
    const own: Record<ApiName, Principal[]> = { commerce: ['customer', 'customer2', 'admin', 'restrictedAdmin'], social: ['socialUser'] };
    const allowed: Principal[] =
      op.permission === 'self'
        ? ['customer', 'customer2']
        : op.permission === 'token'
          ? ['socialUser']
          : Array.isArray(op.permission)
            ? ['admin']
            : own[req.api];
    if (t.kind !== 'valid' || !allowed.includes(t.principal)) {
      return `${op.operationId} (permission ${JSON.stringify(op.permission)}) answered ${answer.status} to a ${t.kind}${t.kind === 'valid' ? ` ${t.principal}` : ''} token`;
    }
    const expected = this.identities[t.principal];
    if (expected && wire.method === 'GET' && (op.permission === 'self' || op.permission === 'token')) {
      const body = parseJson(answer.body.toString('utf8'))?.json;
      const names = [body?.email, body?.user?.email, body?.user?.username].filter((x) => typeof x === 'string');
      if (body && !names.includes(expected))
        return `${op.operationId} answered about ${names.join('/') || 'nobody'} to ${t.principal} (${expected})`;
    }
    return undefined;
  }

  /** 2xx: only what the operation declares; errors: the operation's or the API's error shape. */
  private schemasFor(model: ApiModel, op: OperationModel | undefined, status: number, media: string): Schema[] {
    const declared = op?.responses.get(String(status)) ?? (status >= 300 ? op?.responses.get('default') : undefined);
    const own = declared?.get(media);
    if (status < 300) return own === undefined ? [] : [own];
    return [...(own === undefined ? [] : [own]), ...(model.errorSchemas.get(media) ?? [])];
  }

  private validate(schema: Schema, value: unknown): string | undefined {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema) as Validate;
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join(', ');
  }

  private findEcho(req: FuzzRequest, token: string | undefined, answer: Answer): string | undefined {
    const headerText = Object.entries(answer.headers)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)
      .join('\n');
    const haystack = `${answer.body.toString('utf8')}\n${answer.body.toString('latin1')}\n${headerText}`;
    const candidates: [string, string][] = [
      ...this.fixtureSecrets.map((s): [string, string] => ['fixture secret', s]),
      ...req.secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).map((s): [string, string] => ['secret sent', s]),
      ...(token && token.length >= MIN_SECRET_LENGTH ? [['token sent', token] as [string, string]] : []),
    ];
    for (const [what, secret] of candidates) {
      for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), escapeXml(secret)])) {
        if (haystack.includes(form)) return `${what} ${JSON.stringify(secret.slice(0, 80))} appears in the answer`;
      }
    }
    return undefined;
  }
}

/**
 * The commerce API answers in the format `Accept` asks for (spec: "chosen by Accept"). Only
 * plain single types are judged; q-values and wildcards are the server's to rank.
 */
function findFormatProblem(req: FuzzRequest, wire: WireRequest, answer: Answer): string | undefined {
  if (
    req.api !== 'commerce' ||
    attributeApi(wire.target.split('?')[0]) !== 'commerce' ||
    isParserRejection(answer) ||
    answer.body.length === 0
  )
    return undefined;
  const accept = (wire.headers.Accept ?? '').trim().toLowerCase();
  const media = String(answer.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const want =
    accept === 'application/json'
      ? 'application/json'
      : ['application/xml', 'text/xml', 'application/xhtml+xml'].includes(accept)
        ? 'application/xml'
        : undefined;
  if (want && answer.status !== 406 && answer.status !== 413 && media !== want)
    return `Accept: ${accept} answered with ${media} (${answer.status})`;
  if (['text/html', 'image/png'].includes(accept) && answer.status < 400)
    return `Accept: ${accept} answered ${answer.status} instead of 406`;
  return undefined;
}

/**
 * The operation a request path names by the spec alone: the API's prefix, for commerce an
 * optional store code, then the spec's paths, concrete ones before templated ones (OpenAPI's
 * rule). Undefined when no operation has that path and method.
 */
export function routeByTheSpec(model: ApiModel, method: string, path: string): OperationModel | undefined {
  if (!path.startsWith(model.prefix)) return undefined;
  let rest = path.slice(model.prefix.length);
  if (model.storeCodeSegment) {
    const first = /^\/([^/]+)/.exec(rest)?.[1];
    if (first && !/^V\d+$/.test(first)) rest = rest.slice(first.length + 1);
  }
  const ops = model.operations.filter((o) => o.method === method);
  const exact = ops.find((o) => o.path === rest);
  if (exact) return exact;
  return ops.find(
    (o) =>
      o.path.includes('{') &&
      new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`).test(rest),
  );
}

/** Node's own answer to a request its HTTP parser cannot read: a bare 400 that closes the connection. */
export function isParserRejection(answer: Answer): boolean {
  return (
    answer.status === 400 &&
    answer.body.length === 0 &&
    answer.headers['content-type'] === undefined &&
    answer.headers.connection === 'close'
  );
}

/** Which API the server serves a path with (docs/built-in-apis.md: /rest/..., /socialapi/...). */
export function attributeApi(path: string): ApiName | undefined {
  if (path === '/rest' || path.startsWith('/rest/')) return 'commerce';
  if (path.startsWith('/socialapi/')) return 'social';
  return undefined;
}

function parseJson(text: string): { json: any; message?: unknown } | undefined {
  try {
    const json = JSON.parse(text);
    return { json, message: json?.message };
  } catch {
    return undefined;
  }
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
