/** RFC 6901 JSON pointers, in their plain form and in the URI-fragment form `$ref`s use. */

/** One segment escaped (`~` → `~0`, `/` → `~1`). */
function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** One segment read back; `percentDecoded` for the URI-fragment form of a `$ref`. */
function unescapeSegment(segment: string, percentDecoded: boolean): string {
  // most segments are plain names: no decoding, no two replaces (a large spec resolves many thousands at start)
  if (!segment.includes('~') && !(percentDecoded && segment.includes('%'))) return segment;
  let s = segment;
  if (percentDecoded) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // a stray % is a literal character
    }
  }
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function toPointer(segments: readonly string[]): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** The URI-fragment form Ajv wants in a `$ref` (each segment percent-encoded). */
export function toFragment(segments: readonly string[]): string {
  return segments.map((s) => '/' + encodeURIComponent(escapeSegment(s))).join('');
}

/** The segments of a pointer; `fragment` when it comes from a `$ref` (percent-encoded). */
export function parsePointer(pointer: string, fragment = false): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body
    .split('/')
    .slice(1)
    .map((s) => unescapeSegment(s, fragment));
}

/** The segments of a local `$ref` (`#/components/schemas/A~1B` → ['components', 'schemas', 'A/B']). */
export function refSegments(ref: string): string[] {
  return parsePointer(ref, true);
}

/** The node a pointer (plain, or the fragment of a `$ref`) names in a document; undefined when none. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  return valueAt(doc, parsePointer(pointer, true));
}

/** The value an Ajv `instancePath` (a plain JSON pointer) names inside the data. */
export function valueAtInstancePath(data: unknown, pointer: string): unknown {
  return valueAt(data, parsePointer(pointer));
}

function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
