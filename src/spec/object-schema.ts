import { resolvePointer } from './json-pointer.js';

/** One property of an object schema, as stored resources read it. */
export interface PropertyInfo {
  type?: string;
  format?: string;
  readOnly: boolean;
  writeOnly: boolean;
  /** its schema shows an example (`example`, `examples`, `default`, `const`) */
  hasExample: boolean;
  /** its schema's `default`: what a server assumes when a body leaves the property out */
  default?: unknown;
  /** where its schema is in the spec (a JSON pointer), for values made from it */
  at: string;
}

/** The properties of an object schema, its `$ref`s followed and its `allOf` merged. */
export interface ObjectSchema {
  /** where the schema is, after its `$ref`s */
  at: string;
  properties: ReadonlyMap<string, PropertyInfo>;
  /** the properties it requires (its allOf parts' too) */
  required: readonly string[];
  /** an array schema: where its items' schema is */
  itemsAt?: string;
  type?: string;
}

const MAX_REFS = 32;

/** The schema at a pointer with its `$ref`s followed, and where it ends; undefined when it leads nowhere. */
export function followRefs(doc: unknown, at: string): { node: Record<string, unknown>; at: string } | undefined {
  let here = at;
  for (let i = 0; i < MAX_REFS; i++) {
    const node = resolvePointer(doc, here);
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return { node: node as Record<string, unknown>, at: here };
    here = ref.slice(1);
  }
  return undefined;
}

/** Reads an object (or array) schema; `allOf` parts add their properties, a `readOnly` anywhere holds. */
export function readObjectSchema(doc: unknown, at: string): ObjectSchema | undefined {
  const found = followRefs(doc, at);
  if (!found) return undefined;
  const properties = new Map<string, PropertyInfo>();
  const required = new Set<string>();
  collect(doc, found.at, properties, required, 0);
  const { node } = found;
  const type = typeOf(node);
  const itemsAt = node.items && typeof node.items === 'object' ? `${found.at}/items` : undefined;
  return {
    at: found.at,
    properties,
    required: [...required],
    type: type ?? (properties.size > 0 ? 'object' : undefined),
    ...(itemsAt ? { itemsAt } : {}),
  };
}

function collect(doc: unknown, at: string, into: Map<string, PropertyInfo>, required: Set<string>, depth: number): void {
  const found = depth > MAX_REFS ? undefined : followRefs(doc, at);
  if (!found) return;
  const { node } = found;
  if (Array.isArray(node.required)) for (const name of node.required) if (typeof name === 'string') required.add(name);
  const props = node.properties;
  if (props && typeof props === 'object') {
    for (const name of Object.keys(props)) {
      const propAt = `${found.at}/properties/${escape(name)}`;
      const prop = followRefs(doc, propAt);
      const p = prop?.node ?? {};
      // a `$ref` sibling's readOnly (OpenAPI 3.1) counts as much as the target's
      const raw = (resolvePointer(doc, propAt) ?? {}) as Record<string, unknown>;
      into.set(name, {
        type: typeOf(p),
        format: typeof p.format === 'string' ? p.format : undefined,
        readOnly: p.readOnly === true || raw.readOnly === true,
        writeOnly: p.writeOnly === true || raw.writeOnly === true,
        hasExample: ['example', 'examples', 'default', 'const'].some((k) => p[k] !== undefined || raw[k] !== undefined),
        // a `$ref` sibling's default (OpenAPI 3.1) before the target's
        ...((raw.default ?? p.default) !== undefined ? { default: raw.default ?? p.default } : {}),
        at: prop?.at ?? propAt,
      });
    }
  }
  if (Array.isArray(node.allOf)) node.allOf.forEach((_, i) => collect(doc, `${found.at}/allOf/${i}`, into, required, depth + 1));
}

function typeOf(node: Record<string, unknown>): string | undefined {
  const t = node.type;
  if (typeof t === 'string') return t;
  // OpenAPI 3.1's nullable form: ['integer', 'null']
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  return undefined;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
