import { createPrivateKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { OAuthStore, SigningAlg, SigningKey } from '../../store/store.js';

/** A key as the signer and the verifiers use it: the stored record and its imported halves. */
export interface LiveKey {
  record: SigningKey;
  /** the private half, for node:crypto's sign (sign-compact.ts) */
  privateKey: KeyObject;
  /** the public half, for jose's verification */
  publicKey: CryptoKey;
}

/** A token whose header and signature were checked: its key and its claims. */
export interface VerifiedToken {
  kid: string;
  payload: Record<string, unknown>;
}

/** What a JWKS lists of a key (RFC 7517 §4): never a private part. */
export type PublicJwk = JWK & { kid: string; alg: SigningAlg; use: 'sig' };

/** Imported keys kept per ring: a kid names one key material for ever, so what is imported once stays right. */
const IMPORTED_LIMIT = 1024;
/** Tokens whose signature was checked, per ring: a signature checked once stays checked (its claims are checked every time). */
const VERIFIED_LIMIT = 4096;

/**
 * A namespace's signing keys: made on first use (one per algorithm, agreed through the
 * store so servers sharing a Redis sign with the same one), rotated on request, published
 * while a token they signed may still be alive. Keys are generated and imported with jose;
 * what one ring imported it keeps, so a token costs a signature, not an import.
 */
export function createKeyRing(store: OAuthStore) {
  const imported = new Map<string, Promise<LiveKey>>();
  /** a namespace's first key being made: requests that come meanwhile wait for it instead of making their own */
  const making = new Map<string, Promise<SigningKey>>();
  const make = (ns: string, alg: SigningAlg, now: number): Promise<SigningKey> => {
    const slot = `${ns}\0${alg}`;
    let pending = making.get(slot);
    if (!pending) {
      pending = newKey(alg, now)
        .then((key) => store.addKey({ ns, key, rotate: false, now }))
        .finally(() => making.delete(slot));
      making.set(slot, pending);
    }
    return pending;
  };
  const live = (record: SigningKey): Promise<LiveKey> => {
    let found = imported.get(record.kid);
    if (!found) {
      if (imported.size >= IMPORTED_LIMIT) imported.delete(imported.keys().next().value as string);
      found = importJWK(record.publicJwk as JWK, record.alg).then((publicKey) => ({
        record,
        privateKey: createPrivateKey({ key: record.privateJwk, format: 'jwk' }),
        publicKey: publicKey as CryptoKey,
      }));
      found.catch(() => imported.delete(record.kid));
      imported.set(record.kid, found);
    }
    return found.then((k) => (k.record === record ? k : { ...k, record }));
  };

  const verified = new Map<string, VerifiedToken>();

  return {
    /** the payload of a token whose signature this ring checked in this namespace, if it did */
    recall: (ns: string, token: string) => verified.get(`${ns}\0${token}`),
    remember(ns: string, token: string, checked: VerifiedToken): void {
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(`${ns}\0${token}`, checked);
    },
    /** whether the namespace still has this key (a reset drops its keys, and with them every token they signed) */
    hasKey: async (ns: string, kid: string) => (await store.getKey({ ns, kid })) !== undefined,
    /** the key new tokens of `alg` are signed with, made when the namespace has none */
    async signingKey(ns: string, alg: SigningAlg, now: number): Promise<LiveKey> {
      const active = (await store.activeKey({ ns, alg })) ?? (await make(ns, alg, now));
      return await live(active);
    },
    /** a key by the kid a token names; undefined when the namespace has no such key */
    async verificationKey(ns: string, kid: string): Promise<LiveKey | undefined> {
      const record = await store.getKey({ ns, kid });
      return record && live(record);
    },
    /** a token of this lifetime was signed: the key stays published at least that long after it retires */
    signed(ns: string, key: SigningKey, lifetimeMs: number): Promise<void> | undefined {
      // nothing to wait for when the key already covers the lifetime, as it does for most tokens
      return lifetimeMs > key.longestLifetimeMs ? store.extendKey({ ns, kid: key.kid, lifetimeMs }) : undefined;
    },
    /** a new active key of `alg`; the one it replaces verifies its tokens until the last one expires */
    async rotate(ns: string, alg: SigningAlg, now: number): Promise<SigningKey> {
      return store.addKey({ ns, key: await newKey(alg, now), rotate: true, now });
    },
    /** the JWKS (RFC 7517 §5): active keys and retired ones whose tokens may still be alive */
    async published(ns: string, now: number): Promise<PublicJwk[]> {
      return (await store.listKeys(ns)).filter((k) => isPublished(k, now)).map(publicJwkOf);
    },
    list: (ns: string) => store.listKeys(ns),
  };
}

export type KeyRing = ReturnType<typeof createKeyRing>;

export function isPublished(key: SigningKey, now: number): boolean {
  return key.state === 'active' || (key.retiredAt ?? 0) + key.longestLifetimeMs > now;
}

export function publicJwkOf(key: SigningKey): PublicJwk {
  return { ...(key.publicJwk as JWK), kid: key.kid, alg: key.alg, use: 'sig' };
}

/** A fresh key pair: RSA 2048 for RS256, P-256 for ES256; its kid is its RFC 7638 thumbprint. */
async function newKey(alg: SigningAlg, now: number): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    alg,
    privateJwk: { ...(await exportJWK(privateKey)) },
    publicJwk: { ...publicJwk },
    createdAt: now,
    state: 'active',
    longestLifetimeMs: 0,
  };
}
