import type {
  Identity,
  LoginFailureEntry,
  LoginFailures,
  NamespaceRecord,
  NewToken,
  SeedObject,
  StoredObject,
  TokenRecord,
} from '../store.js';
import { integerOf } from '../record-query.js';
import { collectionKeys, SEP, type NamespaceKeys } from './redis-keys.js';

/** The fields of a namespace's hash (namespace-scripts.ts). */
export const RECORD_FIELDS = ['createdAt', 'clockOffsetMs', 'settings', 'seedHash', 'epoch', 'version'] as const;

/** A namespace's hash (HGETALL as an object, or a script's flat [field, value, ...] reply). */
export function toNamespace(name: string, raw: Record<string, string> | string[] | null | false): NamespaceRecord | undefined {
  if (!raw) return undefined;
  const h = Array.isArray(raw) ? pairsToObject(raw) : raw;
  if (h.createdAt === undefined) return undefined;
  return {
    name,
    createdAt: Number(h.createdAt),
    clockOffsetMs: Number(h.clockOffsetMs),
    settings: JSON.parse(h.settings),
    seedHash: h.seedHash,
    version: `${h.epoch ?? ''}.${h.version ?? '0'}`,
  };
}

function pairsToObject(flat: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]] = flat[i + 1];
  return out;
}

/** What is stored of an identity: its keys and data, as Node wrote them. */
export const identityJson = (i: Identity) => JSON.stringify({ keys: i.keys, data: i.data });

export function toIdentity(api: string, kind: string, id: string, json: string | null): Identity | undefined {
  if (json === null) return undefined;
  const { keys, data } = JSON.parse(json) as { keys: string[]; data: Record<string, unknown> };
  return { api, kind, id, keys, data };
}

/**
 * The seed as the seed script reads it: how many arguments the identities take, then per
 * identity api, kind, id, JSON, key count, keys.
 */
export function seedArgs(seed: readonly Identity[]): string[] {
  const args = seed.flatMap((i) => [i.api, i.kind, i.id, identityJson(i), String(i.keys.length), ...i.keys]);
  return [String(args.length), ...args];
}

/** The seed objects as the seed script reads them, after the identities: per object slot, id, value, integer id or ''. */
export function seedObjectArgs(ns: NamespaceKeys, objects: readonly SeedObject[]): string[] {
  return objects.flatMap((o) => [collectionKeys(ns, o.api, o.collection, o.parent).slot, ...objectArgs(o)]);
}

/** An object's id, its stored value and its id as an integer ('' when it is none), as the scripts take them. */
export const objectArgs = (item: StoredObject): [string, string, string] => [item.id, objectValue(item), String(integerOf(item.id) ?? '')];

/**
 * What is stored of an object: its owner's JSON (null: no one's), a newline (which
 * JSON.stringify never writes), the object's JSON. A replace keeps the first line without
 * decoding anything.
 */
export const objectValue = (item: StoredObject) => `${JSON.stringify(item.owner ?? null)}\n${JSON.stringify(item.object)}`;

export function toStoredObject(id: string, value: string | null): StoredObject | undefined {
  if (value === null) return undefined;
  const newline = value.indexOf('\n');
  const owner = JSON.parse(value.slice(0, newline)) as string | null;
  return { id, ...(owner !== null ? { owner } : {}), object: JSON.parse(value.slice(newline + 1)) as Record<string, unknown> };
}

/**
 * What is stored of a token: the record without its id, optional fields only when set
 * (JSON.stringify leaves out a field that is undefined: one object literal, no spread
 * copies, on every token issued). The scripts decode it only to read api, userType and
 * userId (never re-encode it), so claims of any shape come back as they were written.
 */
export const tokenJson = (r: NewToken) =>
  JSON.stringify({
    api: r.api,
    verifierHash: r.verifierHash,
    userType: r.userType,
    userId: r.userId,
    clientApp: r.clientApp,
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    scopes: r.scopes,
    claims: r.claims,
  });

export function toToken(id: number, json: string | null): TokenRecord | undefined {
  return json === null ? undefined : { ...(JSON.parse(json) as NewToken), id };
}

/** "failures lockExpiresAt" */
export function toFailures(value: string | null): LoginFailures | undefined {
  if (value === null) return undefined;
  const space = value.indexOf(' ');
  return { failures: Number(value.slice(0, space)), lockExpiresAt: Number(value.slice(space + 1)) };
}

/** A failure field is api NUL userType NUL username; the name may hold anything, so it is the rest. */
export function toFailureEntry(field: string, value: string): LoginFailureEntry {
  const a = field.indexOf(SEP);
  const b = field.indexOf(SEP, a + 1);
  return { api: field.slice(0, a), userType: field.slice(a + 1, b), username: field.slice(b + 1), ...toFailures(value)! };
}
