import type { RandomSource } from '../core/types.js';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A commerce token in the platform's opaque format: 32 characters of [0-9a-z]
 * (about 165 bits), drawn without modulo bias.
 */
export function issueCommerceToken(random: RandomSource): string {
  let out = '';
  while (out.length < 32) {
    for (const byte of random.bytes(48)) {
      if (byte < 252) out += ALPHABET[byte % 36]; // 252 = 7 * 36: rejection keeps it uniform
      if (out.length === 32) break;
    }
  }
  return out;
}

/** A social userToken: 256 random bits, base64url (43 characters). */
export function issueSocialToken(random: RandomSource): string {
  return random.bytes(32).toString('base64url');
}

export const COMMERCE_TOKEN_SHAPE = /^[0-9a-z]{32}$/;
export const SOCIAL_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** `Authorization: Bearer <token>`: exactly two parts, scheme case-insensitive. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}
