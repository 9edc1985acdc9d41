import type { ParamShape, ParamValidator } from '../core/types.js';
import { ParamProblem, splitPairs } from './split-param-text.js';

// Query parameters as OpenAPI 3.1 §4.8.12.4 serializes them: form (explode or not),
// spaceDelimited, pipeDelimited and deepObject. Values are still text: Ajv coerces the scalars.

const DELIMITERS = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' } as Record<string, string>;

/** The declared query parameters by name, arrays and objects built; a scalar sent twice is a problem. */
export function readQueryParams(params: ParamValidator, search: URLSearchParams): Record<string, unknown> | ParamProblem {
  const query: Record<string, unknown> = {};
  const { shapes } = params;
  // a repeat needs two parameters at least: one getAll less on most requests
  const repeatable = search.size > 1;
  for (const name of params.names) {
    const v = search.get(name);
    if (v === null || (shapes && shapes.some((s) => s.name === name))) continue;
    if (repeatable && search.getAll(name).length > 1) return new ParamProblem(name, 'must be sent once');
    query[name] = v;
  }
  if (!shapes) return query;
  for (const shape of shapes) {
    const value = readShaped(shape, search, params.names);
    if (value === undefined) continue;
    if (value instanceof ParamProblem) return value;
    query[shape.name] = value;
  }
  return query;
}

function readShaped(shape: ParamShape, search: URLSearchParams, declared: readonly string[]): unknown {
  const { name, style, explode, kind } = shape;
  if (kind === 'object' && style === 'deepObject') return readDeepObject(name, search);
  if (kind === 'object' && explode) return readSpreadObject(shape, search, declared);
  if (kind === 'array' && explode) {
    const all = search.getAll(name);
    return all.length ? all : undefined;
  }
  const v = search.get(name);
  if (v === null) return undefined;
  if (search.getAll(name).length > 1) return new ParamProblem(name, 'must be sent once');
  if (kind === 'primitive') return v;
  const items = v === '' ? [] : v.split(DELIMITERS[style] ?? ',');
  return kind === 'array' ? items : splitPairs(name, items);
}

/** `filter[status]=x&filter[kind]=y` → { status: 'x', kind: 'y' } */
function readDeepObject(name: string, search: URLSearchParams): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  const prefix = `${name}[`;
  for (const [key, v] of search) {
    if (key.startsWith(prefix) && key.endsWith(']')) (found ??= {})[key.slice(prefix.length, -1)] = v;
  }
  return found;
}

/** form and explode: each property its own query parameter (all undeclared ones if the schema names none) */
function readSpreadObject(shape: ParamShape, search: URLSearchParams, declared: readonly string[]): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  if (shape.properties.length > 0) {
    for (const key of shape.properties) {
      const v = search.get(key);
      if (v !== null) (found ??= {})[key] = v;
    }
    return found;
  }
  for (const [key, v] of search) if (!declared.includes(key)) (found ??= {})[key] = v;
  return found;
}
