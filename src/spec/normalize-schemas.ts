/**
 * Quirks of specs in the wild that a JSON Schema 2020-12 compiler refuses, mended in the
 * schemas only (never in examples, defaults or enums, which are data):
 * - `nullable: true` left where the upgrade could not place it (beside `$ref` or `allOf`,
 *   with no `type`): the schema or null;
 * - `items` as a list (draft-04 tuples, Slack's spec): `prefixItems`, or the one schema.
 * Returns how many schemas it mended, for the start-up warning.
 */
export function normalizeSchemas(doc: Record<string, any>): number {
  let mended = 0;
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
    const s = schema as Record<string, any>;
    if ('nullable' in s && s.type === undefined) {
      const { nullable, ...rest } = s;
      for (const key of Object.keys(s)) delete s[key];
      if (nullable === true) s.anyOf = [rest, { type: 'null' }];
      else Object.assign(s, rest);
      mended++;
    }
    if (Array.isArray(s.items)) {
      const list = s.items as unknown[];
      if (list.length === 1) s.items = list[0];
      else {
        delete s.items;
        s.prefixItems = list;
      }
      mended++;
    }
    forEachSubschema(s, visit);
  };
  for (const schema of topSchemas(doc)) visit(schema);
  return mended;
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

/** Calls `visit` on each schema directly inside a schema. */
function forEachSubschema(s: Record<string, any>, visit: (schema: unknown) => void): void {
  for (const key of ONE) if (s[key] && typeof s[key] === 'object') visit(s[key]);
  for (const key of MANY) if (Array.isArray(s[key])) s[key].forEach(visit);
  for (const key of MAP) if (s[key] && typeof s[key] === 'object') Object.values(s[key]).forEach(visit);
}

/** The schemas an OpenAPI 3.1 document holds outside other schemas: components, parameters, bodies, responses, headers. */
function* topSchemas(doc: Record<string, any>): Generator<unknown> {
  const components = doc.components ?? {};
  yield* Object.values(components.schemas ?? {});
  for (const p of Object.values<any>(components.parameters ?? {})) yield p?.schema;
  for (const h of Object.values<any>(components.headers ?? {})) yield h?.schema;
  for (const b of Object.values<any>(components.requestBodies ?? {})) yield* contentSchemas(b);
  for (const r of Object.values<any>(components.responses ?? {})) yield* responseSchemas(r);
  for (const item of Object.values<any>(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const p of arrayOf(item.parameters)) yield p?.schema;
    for (const op of Object.values<any>(item)) {
      if (!op || typeof op !== 'object' || Array.isArray(op)) continue;
      for (const p of arrayOf(op.parameters)) yield p?.schema;
      yield* contentSchemas(op.requestBody);
      for (const r of Object.values<any>(op.responses ?? {})) yield* responseSchemas(r);
    }
  }
}

function* responseSchemas(r: any): Generator<unknown> {
  yield* contentSchemas(r);
  for (const h of Object.values<any>(r?.headers ?? {})) yield h?.schema;
}

function* contentSchemas(holder: any): Generator<unknown> {
  for (const media of Object.values<any>(holder?.content ?? {})) yield media?.schema;
}

function arrayOf(v: unknown): any[] {
  return Array.isArray(v) ? v : [];
}
