import { toPointer } from './json-pointer.js';

/** What `normalizeSchemas` mended, for the start-up warnings. */
export interface Mended {
  /** schemas with draft-04 tuples or a stray `nullable` */
  count: number;
  /** where a boolean `exclusiveMinimum`/`exclusiveMaximum` (OpenAPI 3.0's form) was read as an exclusive bound: JSON pointers */
  booleanBounds: readonly string[];
}

/**
 * Quirks of specs in the wild that a JSON Schema 2020-12 compiler refuses, mended in the
 * schemas only (never in examples, defaults or enums, which are data):
 * - `nullable: true` left where the upgrade could not place it (beside `$ref` or `allOf`,
 *   with no `type`): the schema or null;
 * - `items` as a list (draft-04 tuples, Slack's spec): `prefixItems`, or the one schema;
 * - `exclusiveMinimum: true` beside `minimum` (OpenAPI 3.0's form, left in a spec that says
 *   3.1: OpenAI's): the exclusive bound `exclusiveMinimum: <minimum>`; `false`, or `true`
 *   with no bound beside it, goes. The same for `exclusiveMaximum` and `maximum`.
 */
export function normalizeSchemas(doc: Record<string, any>): Mended {
  let count = 0;
  const booleanBounds: string[] = [];
  const visit = (schema: unknown, at: Place): void => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
    const s = schema as Record<string, any>;
    if ('nullable' in s && s.type === undefined) {
      const { nullable, ...rest } = s;
      for (const key of Object.keys(s)) delete s[key];
      if (nullable === true) s.anyOf = [rest, { type: 'null' }];
      else Object.assign(s, rest);
      count++;
    }
    if (Array.isArray(s.items)) {
      const list = s.items as unknown[];
      if (list.length === 1) s.items = list[0];
      else {
        delete s.items;
        s.prefixItems = list;
      }
      count++;
    }
    const minimum = mendBooleanBound(s, 'exclusiveMinimum', 'minimum');
    if (mendBooleanBound(s, 'exclusiveMaximum', 'maximum') || minimum) booleanBounds.push(pointerOf(at));
    forEachSubschema(s, at, visit);
  };
  for (const [schema, at] of topSchemas(doc)) visit(schema, at);
  return { count, booleanBounds };
}

/** A boolean `exclusive` as OpenAPI 3.0 meant it: `bound`'s value, made exclusive. Whether there was one to mend. */
function mendBooleanBound(
  s: Record<string, any>,
  exclusive: 'exclusiveMinimum' | 'exclusiveMaximum',
  bound: 'minimum' | 'maximum',
): boolean {
  if (typeof s[exclusive] !== 'boolean') return false;
  if (s[exclusive] && typeof s[bound] === 'number') {
    s[exclusive] = s[bound];
    delete s[bound];
  } else delete s[exclusive];
  return true;
}

const ONE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * Where a schema is: the place it is in and the keys from there. Its JSON pointer is made only
 * for a warning (pointerOf), not for each of the document's schemas on every cold start.
 */
interface Place {
  up?: Place;
  keys: readonly string[];
}

const pointerOf = (p: Place): string => (p.up ? pointerOf(p.up) : '') + toPointer(p.keys);

type Visit = (schema: unknown, at: Place) => void;

/** Calls `visit` on each schema directly inside the schema at `at`, with its place. */
function forEachSubschema(s: Record<string, any>, at: Place, visit: Visit): void {
  for (const key of ONE) if (s[key] && typeof s[key] === 'object') visit(s[key], { up: at, keys: [key] });
  for (const key of MANY)
    if (Array.isArray(s[key])) s[key].forEach((sub: unknown, i: number) => visit(sub, { up: at, keys: [key, String(i)] }));
  for (const key of MAP) {
    if (!s[key] || typeof s[key] !== 'object') continue;
    for (const [name, sub] of Object.entries(s[key])) visit(sub, { up: at, keys: [key, name] });
  }
}

/** The schemas an OpenAPI 3.1 document holds outside other schemas (components, parameters, bodies, responses, headers), each with its place. */
function* topSchemas(doc: Record<string, any>): Generator<[unknown, Place]> {
  const components = doc.components ?? {};
  for (const [name, schema] of entriesOf(components.schemas)) yield [schema, { keys: ['components', 'schemas', name] }];
  for (const [name, p] of entriesOf(components.parameters)) yield [p?.schema, { keys: ['components', 'parameters', name, 'schema'] }];
  for (const [name, h] of entriesOf(components.headers)) yield [h?.schema, { keys: ['components', 'headers', name, 'schema'] }];
  for (const [name, b] of entriesOf(components.requestBodies)) yield* contentSchemas(b, { keys: ['components', 'requestBodies', name] });
  for (const [name, r] of entriesOf(components.responses)) yield* responseSchemas(r, { keys: ['components', 'responses', name] });
  for (const [path, item] of entriesOf(doc.paths)) {
    if (!item || typeof item !== 'object') continue;
    const itemAt: Place = { keys: ['paths', path] };
    yield* parameterSchemas(item.parameters, itemAt);
    for (const [method, op] of entriesOf(item)) {
      if (!op || typeof op !== 'object' || Array.isArray(op)) continue;
      const opAt: Place = { up: itemAt, keys: [method] };
      yield* parameterSchemas(op.parameters, opAt);
      yield* contentSchemas(op.requestBody, { up: opAt, keys: ['requestBody'] });
      for (const [status, r] of entriesOf(op.responses)) yield* responseSchemas(r, { up: opAt, keys: ['responses', status] });
    }
  }
}

function* parameterSchemas(list: unknown, at: Place): Generator<[unknown, Place]> {
  if (Array.isArray(list)) for (const [i, p] of list.entries()) yield [p?.schema, { up: at, keys: ['parameters', String(i), 'schema'] }];
}

function* responseSchemas(r: any, at: Place): Generator<[unknown, Place]> {
  yield* contentSchemas(r, at);
  for (const [name, h] of entriesOf(r?.headers)) yield [h?.schema, { up: at, keys: ['headers', name, 'schema'] }];
}

function* contentSchemas(holder: any, at: Place): Generator<[unknown, Place]> {
  for (const [type, media] of entriesOf(holder?.content)) yield [media?.schema, { up: at, keys: ['content', type, 'schema'] }];
}

function entriesOf(v: unknown): [string, any][] {
  return v && typeof v === 'object' ? Object.entries(v) : [];
}
