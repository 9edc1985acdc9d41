import type { ValidateFunction } from 'ajv';
import type { Example, MediaValidators, Operation, OwnerRule, Permission, SecurityRequirement, SecurityScheme } from '../core/types.js';
import type { Purpose, SchemaCompiler } from './schema-compiler.js';
import { deref, type LoadedSpec } from './load-spec.js';
import { refSegments, resolvePointer, toFragment, toPointer } from './json-pointer.js';
import { SpecError } from './spec-error.js';
import { compileContent } from './compile-content.js';
import { compileParams, readParams } from './compile-params.js';
import { readRequirements, requireScopes, schemesOf } from './security-model.js';
import { describeRequired } from './describe-required.js';
import { scanSchema, type SchemaFinding } from './check-refs.js';
import { lazyValidator } from './lazy-validator.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** What an identity file adds to an operation: scopes every requirement needs, an owner rule. */
export interface OperationOverlay {
  scopes?: readonly string[];
  owner?: OwnerRule;
}

export interface BuildOptions {
  schemes: ReadonlyMap<string, SecurityScheme>;
  /** query parameters that carry a credential: not required, since the credential may come in a header instead */
  credentialParams?: ReadonlySet<string>;
  /** by operationId (the identity file's `operations`) */
  overlay?: Readonly<Record<string, OperationOverlay>>;
  /** what the start-up banner should say about the spec */
  warn?: (message: string) => void;
  /** what a user's spec's validator, compiled when first used, could not be (the banner is long gone by then) */
  warnLater?: (message: string) => void;
  /** a spec that is not a mocked API (the control API's) has no x-authmock-permission: open */
  defaultPermission?: 'anonymous';
  /**
   * A user's spec: a schema the compiler refuses for a quirk (not a `$ref` that goes
   * nowhere, which still stops the start) is served unchecked, with a warning. authmock's
   * own specs are strict: any schema that does not compile stops the start.
   */
  lenient?: boolean;
}

/** Builds the immutable operation table of one spec, compiling every schema once. */
export function buildOperations(api: string, spec: LoadedSpec, compiler: SchemaCompiler, options: BuildOptions): Operation[] {
  const ops: Operation[] = [];
  const seen = new Map<string, string>();
  const warn = options.warn ?? (() => {});
  // what a user's spec's schemas would refuse, found before they are compiled (check-refs.ts)
  const scanned = new Map<object, SchemaFinding | undefined>();
  const warnLater = options.warnLater ?? warn;
  for (const [path, item] of Object.entries<any>(spec.doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw || typeof raw !== 'object') continue;
      const segs = ['paths', path, method];
      const pointer = toPointer(segs);
      const operationId = readOperationId(raw, method, path, warn);
      const earlier = seen.get(operationId);
      if (earlier) throw new SpecError(spec.file, pointer, operationId, `duplicate operationId (also at ${earlier})`);
      seen.set(operationId, pointer);
      const fail = (at: string[], reason: string): never => {
        throw new SpecError(spec.file, toPointer(at), operationId, reason);
      };
      const lenient = options.lenient
        ? {
            refused: (at: string, message: string, late: boolean) => {
              (late ? warnLater : warn)(`${at} (${operationId}): parameters not checked, the compiler refuses a schema: ${message}`);
              return UNCHECKED;
            },
            scanned,
          }
        : undefined;
      const compile = (purpose: Purpose, at: string[]): ValidateFunction => {
        // A schema that is only a $ref is compiled by its target, so shared schemas compile once.
        const node = resolvePointer(spec.doc, toPointer(at)) as { $ref?: unknown } | undefined;
        const local =
          node && Object.keys(node).length === 1 && typeof node.$ref === 'string' && node.$ref.startsWith('#') ? node.$ref : undefined;
        const key = local ? `${spec.id}${local}` : `${spec.id}#${toFragment(at)}`;
        if (!options.lenient) {
          try {
            return compiler.ref(purpose, key);
          } catch (err) {
            return fail(at, `schema does not compile: ${(err as Error).message}`);
          }
        }
        // A user's spec: a $ref that goes nowhere stops the start; the rest compiles when first used.
        const refusedBy = (message: string, late: boolean) => {
          (late ? warnLater : warn)(`${toPointer(at)} (${operationId}): schema not checked, the compiler refuses it: ${message}`);
          return UNCHECKED;
        };
        const found = scanSchema(spec.doc, node, scanned, toPointer(at));
        if (found?.kind === 'broken-ref') fail(at, `schema does not compile: can't resolve reference ${found.ref}`);
        if (found?.kind === 'bad-pattern') return refusedBy(found.message, false);
        return lazyValidator(() => {
          try {
            return compiler.ref(purpose, key);
          } catch (err) {
            return refusedBy((err as Error).message, true);
          }
        });
      };
      const declared = [
        ...arrayOf(item.parameters).map((node: any, i: number) => ({ node, at: ['paths', path, 'parameters', String(i)] })),
        ...arrayOf(raw.parameters).map((node: any, i: number) => ({ node, at: [...segs, 'parameters', String(i)] })),
      ];
      const params = readParams(spec, declared, operationId);
      const permissionValue = raw['x-authmock-permission'] ?? options.defaultPermission;
      const permission =
        permissionValue === undefined ? undefined : readPermission(permissionValue, (r) => fail([...segs, 'x-authmock-permission'], r));
      const overlay = options.overlay?.[operationId];
      const requirements = readRequirements(spec, raw, segs, options.schemes, warn);
      const responses = compileResponses(spec, raw, segs, (at) => compile('response', at), operationId);
      const security = withPermission(requirements, permission, overlay, options.schemes);
      ops.push({
        api,
        operationId,
        method: method.toUpperCase(),
        path,
        pointer,
        ...(permission ? { permission } : {}),
        security,
        schemes: schemesOf(security),
        required: describeRequired(permission, security),
        ...(overlay?.owner ? { owner: overlay.owner } : {}),
        params: params.infos,
        extension: raw['x-authmock-extension'],
        pathParams: compileParams(spec, params.resolved, 'path', compiler, operationId, lenient),
        queryParams: compileParams(spec, params.resolved, 'query', compiler, operationId, lenient, options.credentialParams),
        headerParams: compileParams(spec, params.resolved, 'header', compiler, operationId, lenient),
        cookieParams: compileParams(spec, params.resolved, 'cookie', compiler, operationId, lenient),
        requestBody: compileBody(spec, raw, segs, (at) => compile('request', at), operationId),
        responses,
        example: findExample(responses),
      });
    }
  }
  return ops;
}

/** The spec's operationId, or one made of the method and path (with a warning): some specs in the wild have none. */
function readOperationId(raw: any, method: string, path: string, warn: (m: string) => void): string {
  if (typeof raw.operationId === 'string' && raw.operationId) return raw.operationId;
  const made = `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_w, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
  warn(`${method.toUpperCase()} ${path} has no operationId; it is called ${made} here (journal, steering, identity file)`);
  return made;
}

function readPermission(value: unknown, fail: (reason: string) => never): Permission {
  if (value === 'anonymous') return { kind: 'anonymous' };
  if (value === 'self') return { kind: 'self' };
  if (value === 'token') return { kind: 'token' };
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    return { kind: 'acl', resources: value };
  }
  return fail(`x-authmock-permission must be anonymous, self, token or a list of ACL resources, found ${JSON.stringify(value)}`);
}

/**
 * The permission a built-in spec states with `x-authmock-permission` and the scopes an
 * identity file adds are both scopes every requirement must hold: `self` is a scope only
 * callers acting for themselves hold, ACL resources are scopes. An operation that needs a
 * permission, scopes or an owner but declares no security accepts any scheme of the spec.
 */
function withPermission(
  requirements: SecurityRequirement[],
  permission: Permission | undefined,
  overlay: OperationOverlay | undefined,
  schemes: ReadonlyMap<string, SecurityScheme>,
): SecurityRequirement[] {
  const needed = permission?.kind === 'self' ? ['self'] : permission?.kind === 'acl' ? permission.resources : [];
  const needsCaller = (permission && permission.kind !== 'anonymous') || overlay?.owner || overlay?.scopes?.length;
  let reqs = requirements;
  if (needsCaller && reqs.length === 0) reqs = [...schemes.keys()].map((scheme) => [{ scheme, scopes: [] }]);
  return requireScopes(reqs, [...needed, ...(overlay?.scopes ?? [])]);
}

function compileBody(
  spec: LoadedSpec,
  raw: any,
  segs: string[],
  compile: (at: string[]) => ValidateFunction,
  operationId: string,
): Operation['requestBody'] {
  if (!raw.requestBody) return undefined;
  const body = deref(spec, raw.requestBody, toPointer([...segs, 'requestBody']), operationId);
  const base = raw.requestBody.$ref ? refSegments(raw.requestBody.$ref) : [...segs, 'requestBody'];
  return { required: body?.required === true, media: compileContent(spec, body?.content, [...base, 'content'], compile) };
}

function compileResponses(
  spec: LoadedSpec,
  raw: any,
  segs: string[],
  compile: (at: string[]) => ValidateFunction,
  operationId: string,
): Map<string, MediaValidators> {
  const out = new Map<string, MediaValidators>();
  // OpenAPI 3.1 makes `responses` optional (the OAI's own non-oauth-scopes example has none): nothing is declared
  const responses = raw.responses ?? {};
  for (const [status, r] of Object.entries<any>(responses)) {
    const at = [...segs, 'responses', status];
    const response = deref(spec, r, toPointer(at), operationId);
    const base = r?.$ref ? refSegments(r.$ref) : at;
    out.set(
      /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status,
      compileContent(spec, response?.content, [...base, 'content'], compile),
    );
  }
  return out;
}

/** The success example an operation without a handler answers with: the lowest 2xx that has one (JSON first). */
function findExample(responses: ReadonlyMap<string, MediaValidators>): Example | undefined {
  const statuses = [...responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort();
  for (const status of statuses) {
    const examples = responses.get(status)!.examples;
    const media = examples.get('application/json') ?? examples.values().next().value;
    if (media?.first !== undefined) return { status: Number(status), body: media.first };
  }
  return undefined;
}

/** A schema served unchecked: everything passes. */
const UNCHECKED = Object.assign(() => true, { errors: null, schema: true, schemaEnv: undefined }) as unknown as ValidateFunction;

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
