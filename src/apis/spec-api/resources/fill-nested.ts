import { readObjectSchema, type ObjectSchema } from '../../../spec/object-schema.js';

type ObjectMap = Record<string, unknown>;

const isObject = (v: unknown): v is ObjectMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How deep nested objects are filled: Box's `item.parent`, not a whole tree of references. */
const MAX_DEPTH = 3;

/** Schemas read once per spec document: a create or change would otherwise walk its `$ref`s again. */
const read = new WeakMap<object, Map<string, ObjectSchema | undefined>>();
function schemaAt(doc: unknown, at: string): ObjectSchema | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  let byAt = read.get(doc);
  if (!byAt) read.set(doc, (byAt = new Map()));
  if (!byAt.has(at)) byAt.set(at, readObjectSchema(doc, at));
  return byAt.get(at);
}

/**
 * The required properties an object nested in a stored one lacks, taken from a sample of
 * the answer: Box's create body takes `parent: { id }`, and its answer's `parent` is a folder
 * that requires `type` as well, which a correct server fills. Objects and arrays of objects
 * the body gave are completed; nothing is added where the body gave nothing.
 */
export function fillNestedRequired(
  doc: unknown,
  schema: ObjectSchema | undefined,
  object: ObjectMap,
  sample: () => unknown,
  depth = 0,
): void {
  if (!schema || depth >= MAX_DEPTH) return;
  let sampled: ObjectMap | undefined;
  for (const [name, p] of schema.properties) {
    const value = object[name];
    if (value === undefined || value === null || typeof value !== 'object') continue;
    const inner = schemaAt(doc, p.at);
    if (!inner) continue;
    if (!sampled) {
      const made = sample();
      sampled = isObject(made) ? made : {};
    }
    // copies, not edits: a nested object may be shared with a stored one (a merge patch keeps what it does not touch)
    if (Array.isArray(value)) {
      const items = inner.itemsAt ? schemaAt(doc, inner.itemsAt) : undefined;
      const first = Array.isArray(sampled[name]) ? (sampled[name] as unknown[])[0] : undefined;
      object[name] = value.map((element: unknown) => (isObject(element) ? completed(doc, items, element, first, depth) : element));
    } else object[name] = completed(doc, inner, value as ObjectMap, sampled[name], depth);
  }
}

function completed(doc: unknown, schema: ObjectSchema | undefined, given: ObjectMap, sample: unknown, depth: number): ObjectMap {
  if (!schema) return given;
  const object = { ...given };
  if (isObject(sample)) {
    for (const name of schema.required)
      if (object[name] === undefined && sample[name] !== undefined) object[name] = structuredClone(sample[name]);
  }
  fillNestedRequired(doc, schema, object, () => sample, depth + 1);
  return object;
}
