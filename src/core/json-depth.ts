/**
 * How deep a JSON request body may nest. Deeper, what walks it (schema validation of a
 * recursive schema, the journal's masking) would exhaust the stack. Parsers draw the
 * line alike: PHP's json_decode at 512 by default, Jackson at 1,000.
 */
export const MAX_JSON_DEPTH = 512;

/** Whether a parsed JSON value nests arrays and objects deeper than `max`, found without recursion. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
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

/** Whether a JSON text may nest deeper than `max`: a text too short to (two characters a level) need not be walked. */
export const mayNestDeeperThan = (length: number, max = MAX_JSON_DEPTH) => length > 2 * max;
