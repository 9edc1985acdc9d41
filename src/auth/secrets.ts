import { createHmac, createSecretKey, hash, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { RandomSource } from '../core/types.js';

/**
 * Passwords and client secrets are kept only as keyed digests (HMAC-SHA256), and a
 * check compares two fixed-length digests in constant time. Unknown names are checked
 * against a dummy digest, so "no such user" and "wrong password" cost the same.
 * HMAC rather than a slow KDF: the fixture accounts are public test data, and a login
 * must not be dominated by hashing (see the benchmark).
 */
export class SecretDigester {
  readonly dummy: Buffer;
  /** imported once: an HMAC over a KeyObject skips the key's import that a Buffer key costs on every call (~20 %) */
  private readonly key: KeyObject;

  /** `key` is kept with the state (the store's), so stored digests stay valid across restarts. */
  constructor(key: Buffer, random: RandomSource) {
    this.key = createSecretKey(key);
    this.dummy = this.digest(random.bytes(16).toString('hex'));
  }

  digest(secret: string): Buffer {
    return createHmac('sha256', this.key).update(secret, 'utf8').digest();
  }

  /** constant-time comparison of a presented secret with a stored digest */
  matches(stored: Buffer | undefined, presented: string): boolean {
    const given = this.digest(presented);
    return timingSafeEqual(stored ?? this.dummy, given) && stored !== undefined;
  }
}

/** Token verifiers are stored as their SHA-256, never in clear. */
export function hashToken(verifier: string): string {
  // one-shot: a third of what a Hash stream object costs, same digest
  return hash('sha256', verifier, 'base64url');
}

/** Constant-time comparison of two token hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Cryptographic randomness drawn a few KiB at a time: one call into OpenSSL per ~80
 * tokens instead of one per token. Each region is handed out once and never reused.
 */
export function createRandomPool(size = 4096): RandomSource {
  let pool = randomBytes(size);
  let offset = 0;
  return {
    bytes(n: number): Buffer {
      if (n > size) return randomBytes(n);
      if (offset + n > size) {
        pool = randomBytes(size);
        offset = 0;
      }
      const out = pool.subarray(offset, offset + n);
      offset += n;
      return out;
    },
  };
}
