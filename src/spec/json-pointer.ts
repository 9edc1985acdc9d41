/** RFC 6901 pointers, plus the URI-fragment form Ajv wants in `$ref`. */
export function toPointer(segments: readonly string[]): string {
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function toFragment(segments: readonly string[]): string {
  return segments.map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('');
}

export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return doc;
  let node: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The value an Ajv `instancePath` (a plain JSON pointer) names inside the data. */
export function valueAtInstancePath(data: unknown, pointer: string): unknown {
  let node: any = data;
  for (const key of pointer.split('/').slice(1)) node = node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}
