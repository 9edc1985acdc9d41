import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Passwords and client secrets are kept only as keyed digests made at start-up, and a
 * check compares two fixed-length digests in constant time. Unknown names are checked
 * against a dummy digest, so "no such user" and "wrong password" cost the same.
 * HMAC rather than a slow KDF: the fixture accounts are public test data, and a login
 * must not be dominated by hashing (see the benchmark).
 */
export class SecretDigester {
  private readonly key: Buffer;
  readonly dummy: Buffer;

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
    this.dummy = this.digest(randomBytes(16).toString('hex'));
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
  return createHash('sha256').update(verifier, 'utf8').digest('base64url');
}

/** Constant-time comparison of two token hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
