import type { ParamInfo, ParamShape, ParamValidator } from '../core/types.js';
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

/** One validator of all path (or query, header, cookie) parameters, as an object schema over their names. */
export function compileParams(
  spec: LoadedSpec,
  params: readonly (DeclaredParam & { param: any })[],
  location: 'path' | 'query' | 'header' | 'cookie',
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
  const shapes: ParamShape[] = [];
  for (const { node, at, param } of params) {
    if (param.in !== location) continue;
    const where = node.$ref ? refSegments(node.$ref) : at;
    // An absolute $ref keeps the parameter's own $refs resolving against the spec.
    properties[param.name] = param.schema ? { $ref: `${spec.id}#${toFragment([...where, 'schema'])}` } : {};
    const schema = param.schema ? deref(spec, param.schema, toPointer([...where, 'schema']), operationId) : undefined;
    types[param.name] = Array.isArray(schema?.type) ? schema.type.find((t: unknown) => t !== 'null') : schema?.type;
    if ((param.required && !optional?.has(param.name)) || location === 'path') required.push(param.name);
    const shape = readShape(param, schema, location);
    if (shape) shapes.push(shape);
  }
  const names = Object.keys(properties);
  if (names.length === 0) return undefined;
  // cookies always need their header taken apart; elsewhere a spec of scalars pays nothing more
  const shaped = shapes.length > 0 || location === 'cookie' ? { shapes } : {};
  const schema = { type: 'object', properties, required };
  const at = toPointer(params[0].at);
  const compile = () => compiler.inline('request', JSON.stringify(schema), schema);
  if (lenient) {
    for (const { param, node, at: declaredAt } of params) {
      const schemaAt = toPointer([...(node.$ref ? refSegments(node.$ref) : declaredAt), 'schema']);
      const found = param.in === location ? scanSchema(spec.doc, param.schema, lenient.scanned, schemaAt) : undefined;
      if (found?.kind === 'broken-ref')
        throw new SpecError(spec.file, at, operationId, `parameter schema does not compile: can't resolve reference ${found.ref}`);
      if (found?.kind === 'bad-pattern') return { validate: lenient.refused(at, found.message, false), names, types, ...shaped };
    }
    const validate = lazyValidator(() => {
      try {
        return compile();
      } catch (err) {
        return lenient.refused(at, (err as Error).message, true);
      }
    });
    return { validate, names, types, ...shaped };
  }
  try {
    return { validate: compile(), names, types, ...shaped };
  } catch (err) {
    throw new SpecError(spec.file, at, operationId, `parameter schema does not compile: ${(err as Error).message}`);
  }
}

const DEFAULT_STYLE = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;
const STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject', 'simple', 'label', 'matrix']);

/**
 * How the parameter is serialized, where its text is more than its value: an array, an
 * object, or a scalar under label or matrix. Undefined for a scalar sent as it is.
 */
function readShape(param: any, schema: any, location: keyof typeof DEFAULT_STYLE): ParamShape | undefined {
  const style: ParamShape['style'] = STYLES.has(param.style) ? param.style : DEFAULT_STYLE[location];
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  const kind = kindOf(schema, style);
  if (kind === 'primitive' && style !== 'label' && style !== 'matrix') return undefined;
  const properties = kind === 'object' && schema?.properties ? Object.keys(schema.properties) : [];
  return { name: param.name, style, explode, kind, properties };
}

function kindOf(schema: any, style: string): ParamShape['kind'] {
  const types: unknown[] = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if (types.includes('array') || (schema?.type === undefined && schema?.items)) return 'array';
  if (types.includes('object') || (schema?.type === undefined && schema?.properties) || style === 'deepObject') return 'object';
  return 'primitive';
}
