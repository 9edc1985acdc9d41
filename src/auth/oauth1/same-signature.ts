import { timingSafeEqual } from 'node:crypto';

/** hash_equals: constant time for equal lengths; a length difference is not secret. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'latin1');
  const b = Buffer.from(given, 'latin1');
  return a.length === b.length && timingSafeEqual(a, b);
}
