import type { RandomSource } from '../../../core/types.js';
import type { Collection } from '../../../spec/infer-collections.js';
import type { CollectionRef, RecordStore } from '../../../store/store.js';

/** A new object's id, as the collection makes them: one above the largest integer, a UUID, or a random URL-safe string. */
export function makeId(
  c: Pick<Collection, 'idKind'>,
  records: RecordStore,
  ref: CollectionRef,
  random: RandomSource,
): Promise<number> | string {
  if (c.idKind === 'integer') return records.nextInteger(ref);
  return c.idKind === 'uuid' ? newUuid(random) : newSlug(random);
}

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
