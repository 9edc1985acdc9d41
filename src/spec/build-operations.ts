import type { ValidateFunction } from 'ajv';
import type { Example, MediaValidators, Operation, ParamValidator, Permission } from '../core/types.js';
import type { Purpose, SchemaCompiler } from './schema-compiler.js';
import { deref, type LoadedSpec } from './load-spec.js';
import { resolvePointer, toFragment, toPointer } from './json-pointer.js';
import { SpecError } from './spec-error.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Builds the immutable operation table of one spec, compiling every schema once. */
export function buildOperations(
  api: string,
  spec: LoadedSpec,
  compiler: SchemaCompiler,
  /** a spec that is not a mocked API (the control API's) has no x-authmock-permission */
  options: { defaultPermission?: 'anonymous' } = {},
): Operation[] {
  const ops: Operation[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries<any>(spec.doc.paths)) {
    for (const method of METHODS) {
      const raw = item?.[method];
      if (!raw) continue;
      const segs = ['paths', path, method];
      const pointer = toPointer(segs);
      const operationId: string | undefined = raw.operationId;
      if (!operationId) throw new SpecError(spec.file, pointer, undefined, 'operation has no operationId');
      if (seen.has(operationId)) throw new SpecError(spec.file, pointer, operationId, 'duplicate operationId');
      seen.add(operationId);
      const fail = (at: string[], reason: string): never => {
        throw new SpecError(spec.file, toPointer(at), operationId, reason);
      };
      const compile = (purpose: Purpose, at: string[]): ValidateFunction => {
        try {
          // A schema that is only a $ref is compiled by its target, so shared schemas compile once.
          const node = resolvePointer(spec.doc, toPointer(at)) as { $ref?: unknown } | undefined;
          const local =
            node && Object.keys(node).length === 1 && typeof node.$ref === 'string' && node.$ref.startsWith('#') ? node.$ref : undefined;
          return compiler.ref(purpose, local ? `${spec.id}${local}` : `${spec.id}#${toFragment(at)}`);
        } catch (err) {
          return fail(at, `schema does not compile: ${(err as Error).message}`);
        }
      };
      const params = [
        ...(item.parameters ?? []).map((node: any, i: number) => ({ node, at: ['paths', path, 'parameters', String(i)] })),
        ...(raw.parameters ?? []).map((node: any, i: number) => ({ node, at: [...segs, 'parameters', String(i)] })),
      ];
      ops.push({
        api,
        operationId,
        method: method.toUpperCase(),
        path,
        pointer,
        permission: readPermission(raw['x-authmock-permission'] ?? options.defaultPermission, (r) =>
          fail([...segs, 'x-authmock-permission'], r),
        ),
        extension: raw['x-authmock-extension'],
        pathParams: compileParams(spec, params, 'path', compiler, operationId),
        queryParams: compileParams(spec, params, 'query', compiler, operationId),
        requestBody: compileBody(spec, raw, segs, (at) => compile('request', at), operationId),
        responses: compileResponses(spec, raw, segs, (at) => compile('response', at), operationId, fail),
        example: findExample(spec, raw, segs, operationId),
      });
    }
  }
  return ops;
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

function compileParams(
  spec: LoadedSpec,
  params: { node: any; at: string[] }[],
  location: 'path' | 'query',
  compiler: SchemaCompiler,
  operationId: string,
): ParamValidator | undefined {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const types: Record<string, string | undefined> = {};
  for (const { node, at } of params) {
    const p = deref(spec, node, toPointer(at), operationId);
    if (p?.in !== location) continue;
    const where = node.$ref ? refSegments(node.$ref) : at;
    // An absolute $ref keeps the parameter's own $refs resolving against the spec.
    properties[p.name] = p.schema ? { $ref: `${spec.id}#${toFragment([...where, 'schema'])}` } : {};
    types[p.name] = p.schema ? deref(spec, p.schema, toPointer([...where, 'schema']), operationId)?.type : undefined;
    if (p.required) required.push(p.name);
  }
  const names = Object.keys(properties);
  if (names.length === 0) return undefined;
  try {
    const schema = { type: 'object', properties, required };
    return { validate: compiler.inline('request', JSON.stringify(schema), schema), names, types };
  } catch (err) {
    throw new SpecError(spec.file, toPointer(params[0].at), operationId, `parameter schema does not compile: ${(err as Error).message}`);
  }
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
  return { required: body.required === true, media: compileContent(spec, body.content, [...base, 'content'], compile) };
}

function compileResponses(
  spec: LoadedSpec,
  raw: any,
  segs: string[],
  compile: (at: string[]) => ValidateFunction,
  operationId: string,
  fail: (at: string[], reason: string) => never,
): Map<string, MediaValidators> {
  const out = new Map<string, MediaValidators>();
  const responses = raw.responses ?? fail([...segs, 'responses'], 'operation declares no responses');
  for (const [status, r] of Object.entries<any>(responses)) {
    const at = [...segs, 'responses', status];
    const response = deref(spec, r, toPointer(at), operationId);
    const base = r.$ref ? refSegments(r.$ref) : at;
    out.set(status, compileContent(spec, response.content, [...base, 'content'], compile));
  }
  return out;
}

function compileContent(spec: LoadedSpec, content: any, at: string[], compile: (at: string[]) => ValidateFunction): MediaValidators {
  const byType = new Map<string, ValidateFunction>();
  const order = new Map<string, string[]>();
  for (const [type, media] of Object.entries<any>(content ?? {})) {
    if (!media?.schema) continue;
    byType.set(type.toLowerCase(), compile([...at, type, 'schema']));
    const schema = deref(spec, media.schema, toPointer([...at, type, 'schema']));
    order.set(type.toLowerCase(), Object.keys(schema?.properties ?? {}));
  }
  return { byType, order };
}

/** The success example an operation without a handler answers with. */
function findExample(spec: LoadedSpec, raw: any, segs: string[], operationId: string): Example | undefined {
  const statuses = Object.keys(raw.responses ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  for (const status of statuses) {
    const response = deref(spec, raw.responses[status], toPointer([...segs, 'responses', status]), operationId);
    const media = response?.content?.['application/json'] ?? Object.values<any>(response?.content ?? {})[0];
    if (!media) continue;
    if (media.example !== undefined) return { status: Number(status), body: media.example };
    const first = Object.values<any>(media.examples ?? {})[0];
    if (first) {
      const ex = deref(spec, first, toPointer([...segs, 'responses', status]), operationId);
      if (ex && 'value' in ex) return { status: Number(status), body: ex.value };
    }
  }
  return undefined;
}

function refSegments(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}
