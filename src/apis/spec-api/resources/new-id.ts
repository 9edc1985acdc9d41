import type { RandomSource } from '../../../core/types.js';

/** A UUID (version 4) from the injected randomness. */
export function newUuid(random: RandomSource): string {
  const b = random.bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A random URL-safe id of 16 characters. */
export function newSlug(random: RandomSource): string {
  return random.bytes(12).toString('base64url');
}
