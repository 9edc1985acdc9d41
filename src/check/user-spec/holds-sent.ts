/**
 * Whether what came back holds what was sent: scalars equal, arrays element by element,
 * objects with every property sent (in any order; a server may add to a nested object,
 * as Box answers `parent: { id }` with the folder's `type` too).
 */
export function holdsSent(got: unknown, sent: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return got === sent;
  if (Array.isArray(sent)) return Array.isArray(got) && got.length === sent.length && sent.every((s, i) => holdsSent(got[i], s));
  if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
  return Object.entries(sent).every(([k, v]) => v === undefined || holdsSent((got as Record<string, unknown>)[k], v));
}
