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
  /** the largest id the format can carry; encode refuses a larger one */
  readonly maxId: number;
  newVerifier(random: RandomSource): string;
  encode(parts: TokenParts): string;
  /**
   * What the token may be, in the order to try: the current format first, then an older
   * one whose tokens are still in the store. Empty when it is no token of this API.
   */
  decode(token: string): TokenParts[];
}

export class TokenSpaceError extends Error {
  override name = 'TokenSpaceError';
}

/** Guards a codec's id space: an id past it would make a token that reads back as another. */
export function checkIdSpace(codec: Pick<TokenCodec, 'maxId'>, id: number): void {
  if (!Number.isSafeInteger(id) || id < 1 || id > codec.maxId) {
    throw new TokenSpaceError(`token id ${id} is outside the format's id space (1..${codec.maxId})`);
  }
}

/** `Authorization: Bearer <token>`: exactly two parts, scheme case-insensitive. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}
