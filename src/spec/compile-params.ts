import type { ParamInfo, ParamValidator } from '../core/types.js';
import type { SchemaCompiler } from './schema-compiler.js';
import { deref, type LoadedSpec } from './load-spec.js';
import { refSegments, toFragment, toPointer } from './json-pointer.js';
import { SpecError } from './spec-error.js';
import { scanSchema, type SchemaFinding } from './check-refs.js';
import { lazyValidator } from './lazy-validator.js';

/** A parameter as declared on the path item or the operation, with where it sits. */
export interface DeclaredParam {
  node: any;
  at: string[];
}

const PLACES = new Set(['path', 'query', 'header', 'cookie']);

/** Every declared parameter, the operation's overriding the path item's of the same name and place. */
export function readParams(
  spec: LoadedSpec,
  declared: readonly DeclaredParam[],
  operationId: string,
): { infos: ParamInfo[]; resolved: (DeclaredParam & { param: any })[] } {
  const byKey = new Map<string, DeclaredParam & { param: any }>();
  for (const d of declared) {
    const param = deref(spec, d.node, toPointer(d.at), operationId);
    if (!param || typeof param.name !== 'string' || !PLACES.has(param.in)) continue;
    byKey.set(`${param.in} ${param.name}`, { ...d, param });
  }
  const resolved = [...byKey.values()];
  const infos = resolved.map(({ param, node, at }): ParamInfo => {
    const where = node.$ref ? refSegments(node.$ref) : at;
    const schema = param.schema ? deref(spec, param.schema, toPointer([...where, 'schema']), operationId) : undefined;
    const named = Object.values<any>(param.examples ?? {})[0];
    const example =
      param.example ??
      (named ? deref(spec, named, toPointer(where), operationId)?.value : undefined) ??
      schema?.example ??
      schema?.examples?.[0];
    const type = Array.isArray(schema?.type) ? schema.type.find((t: unknown) => t !== 'null') : schema?.type;
    const info: ParamInfo = { name: param.name, in: param.in, required: param.required === true || param.in === 'path', type, example };
    if (schema?.default !== undefined) info.default = schema.default;
    return info;
  });
  return { infos, resolved };
}

/** One validator of all path (or query, or header) parameters, as an object schema over their names. */
export function compileParams(
  spec: LoadedSpec,
  params: readonly (DeclaredParam & { param: any })[],
  location: 'path' | 'query' | 'header',
  compiler: SchemaCompiler,
  operationId: string,
  /**
   * A user's spec: compiled when first used, a schema the compiler refuses becoming what
   * `refused` makes of it (unchecked, with a warning: `late` once serving); `scanned` is
   * scanSchema's memo. Undefined: compiled now, and the start stops on any schema that
   * does not compile.
   */
  lenient?: {
    refused: (at: string, message: string, late: boolean) => ParamValidator['validate'];
    scanned: Map<object, SchemaFinding | undefined>;
  },
  /** parameters that carry a credential, which may come in a header instead: never required */
  optional?: ReadonlySet<string>,
): ParamValidator | undefined {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const types: Record<string, string | undefined> = {};
  for (const { node, at, param } of params) {
    if (param.in !== location) continue;
    const where = node.$ref ? refSegments(node.$ref) : at;
    // An absolute $ref keeps the parameter's own $refs resolving against the spec.
    properties[param.name] = param.schema ? { $ref: `${spec.id}#${toFragment([...where, 'schema'])}` } : {};
    const schema = param.schema ? deref(spec, param.schema, toPointer([...where, 'schema']), operationId) : undefined;
    types[param.name] = Array.isArray(schema?.type) ? schema.type.find((t: unknown) => t !== 'null') : schema?.type;
    if ((param.required && !optional?.has(param.name)) || location === 'path') required.push(param.name);
  }
  const names = Object.keys(properties);
  if (names.length === 0) return undefined;
  const schema = { type: 'object', properties, required };
  const at = toPointer(params[0].at);
  const compile = () => compiler.inline('request', JSON.stringify(schema), schema);
  if (lenient) {
    for (const { param } of params) {
      const found = param.in === location ? scanSchema(spec.doc, param.schema, lenient.scanned) : undefined;
      if (found?.kind === 'broken-ref')
        throw new SpecError(spec.file, at, operationId, `parameter schema does not compile: can't resolve reference ${found.ref}`);
      if (found?.kind === 'bad-pattern') return { validate: lenient.refused(at, found.message, false), names, types };
    }
    const validate = lazyValidator(() => {
      try {
        return compile();
      } catch (err) {
        return lenient.refused(at, (err as Error).message, true);
      }
    });
    return { validate, names, types };
  }
  try {
    return { validate: compile(), names, types };
  } catch (err) {
    throw new SpecError(spec.file, at, operationId, `parameter schema does not compile: ${(err as Error).message}`);
  }
}
