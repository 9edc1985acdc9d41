import type { RandomSource } from '../core/types.js';

/**
 * Split tokens: a public id (which row to read) and a secret verifier (compared with the
 * stored hash in constant time). The id makes every insert an append to the store's
 * table instead of a write at a random place, and the store keeps no usable token.
 */
export interface TokenParts {
  id: number;
  verifier: string;
}

export interface TokenCodec {
  readonly shape: RegExp;
  /** the largest id the format can carry */
  readonly maxId: number;
  newVerifier(random: RandomSource): string;
  encode(parts: TokenParts): string;
  decode(token: string): TokenParts | undefined;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_CHARS = 6;

/**
 * Commerce: the platform's opaque format, 32 characters of [0-9a-z]: 6 for the id, 26
 * for the verifier (26 * log2(36) = 134 random bits), drawn without modulo bias.
 */
export const commerceTokens: TokenCodec = {
  shape: /^[0-9a-z]{32}$/,
  maxId: 36 ** ID_CHARS - 1,
  newVerifier(random) {
    let out = '';
    while (out.length < 26) {
      for (const byte of random.bytes(40)) {
        if (byte < 252) out += BASE36[byte % 36]; // 252 = 7 * 36: rejection keeps it uniform
        if (out.length === 26) break;
      }
    }
    return out;
  },
  encode: ({ id, verifier }) => id.toString(36).padStart(ID_CHARS, '0') + verifier,
  decode(token) {
    if (!this.shape.test(token)) return undefined;
    return { id: parseInt(token.slice(0, ID_CHARS), 36), verifier: token.slice(ID_CHARS) };
  },
};

/** Social: 32 bytes as base64url (43 characters): a 6-byte id and 26 random bytes (208 bits). */
export const socialTokens: TokenCodec = {
  shape: /^[A-Za-z0-9_-]{43}$/,
  maxId: 2 ** 48 - 1,
  newVerifier: (random) => random.bytes(26).toString('base64url'),
  encode({ id, verifier }) {
    const bytes = Buffer.alloc(32);
    bytes.writeUIntBE(id, 0, 6);
    Buffer.from(verifier, 'base64url').copy(bytes, 6);
    return bytes.toString('base64url');
  },
  decode(token) {
    if (!this.shape.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== 32) return undefined;
    return { id: bytes.readUIntBE(0, 6), verifier: bytes.subarray(6).toString('base64url') };
  },
};

/** `Authorization: Bearer <token>`: exactly two parts, scheme case-insensitive. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}
