import type { RandomSource } from '../../../core/types.js';
import type { Collection } from '../../../spec/infer-collections.js';
import type { CollectionRef, RecordStore } from '../../../store/store.js';

/** A new object's id, as the collection makes them: one above the largest integer, a UUID, an IP address, or a random URL-safe string. */
export function makeId(
  c: Pick<Collection, 'idKind'>,
  records: RecordStore,
  ref: CollectionRef,
  random: RandomSource,
): Promise<number> | string {
  if (c.idKind === 'integer') return records.nextInteger(ref);
  return newTextId(c.idKind, random);
}

/** A new id of a kind that is not an integer. */
export function newTextId(kind: Exclude<Collection['idKind'], 'integer'>, random: RandomSource): string {
  if (kind === 'uuid') return newUuid(random);
  if (kind === 'ipv4') return newIpv4(random);
  if (kind === 'ipv6') return newIpv6(random);
  return newSlug(random);
}

/** An IPv4 address in the private 10.0.0.0/8 (RFC 1918): 16 million of them, so a collection's rarely meet. */
function newIpv4(random: RandomSource): string {
  const b = random.bytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** An IPv6 address in the unique local fd00::/8 (RFC 4193), written in full. */
function newIpv6(random: RandomSource): string {
  const h = random.bytes(15).toString('hex');
  const groups = [`fd${h.slice(0, 2)}`];
  for (let i = 2; i < 30; i += 4) groups.push(h.slice(i, i + 4));
  return groups.join(':');
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
