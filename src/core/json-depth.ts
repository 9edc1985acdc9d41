/**
 * How deep a JSON request body may nest. Deeper, what walks it (schema validation of a
 * recursive schema, the journal's masking) would exhaust the stack. Parsers draw the
 * line alike: PHP's json_decode at 512 by default, Jackson at 1,000.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `max`, found without
 * recursion. `textLength`: the length of the text it was parsed from; a text too short to
 * nest that deep (two characters a level) is not walked.
 */
export function nestsDeeperThan(value: unknown, textLength: number, max = MAX_JSON_DEPTH): boolean {
  if (textLength <= 2 * max) return false;
  const pending: unknown[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const node = pending.pop();
    const depth = depths.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') {
        pending.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
