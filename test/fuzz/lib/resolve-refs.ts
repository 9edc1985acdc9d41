type Json = unknown;

/**
 * Inlines every local `$ref` ("#/components/...") of an OpenAPI document, so that the
 * sampler and the validator see plain schemas. The specs have no cycles; a cycle would
 * be a spec error, and is reported rather than looped on.
 */
export function resolveRefs(doc: Json): Json {
  const walk = (node: Json, seen: string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (seen.includes(ref)) throw new Error(`cyclic $ref ${[...seen, ref].join(' -> ')}`);
      return walk(lookUp(doc, ref), [...seen, ref]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, seen)]));
  };
  return walk(doc, []);
}

function lookUp(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, Json> | undefined)?.[key];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node;
}
