import type { RandomSource } from '../core/types.js';
import type { TokenStore } from '../store/store.js';
import { hashToken } from './secrets.js';

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

/** What a new opaque token is for: the store, the format, the clock and whom it names. */
export interface TokenGrant {
  tokens: TokenStore;
  ns: string;
  api: string;
  codec: TokenCodec;
  random: RandomSource;
  now: number;
  /** seconds; undefined: never expires */
  lifetime: number | undefined;
  userType: string;
  userId: string;
  clientApp?: string;
  /** the permissions the token carries, where fewer than the identity's (a user spec's) */
  scopes?: readonly string[];
  /** claims minted into it through the control API */
  claims?: Record<string, unknown>;
}

/** Mints a token: stores the hash of its verifier with the user, lifetime, scopes and claims; returns it once. */
export async function issueToken(grant: TokenGrant): Promise<string> {
  const { tokens, codec, now, lifetime } = grant;
  const verifier = codec.newVerifier(grant.random);
  const id = await tokens.save({
    ns: grant.ns,
    token: {
      api: grant.api,
      verifierHash: hashToken(verifier),
      userType: grant.userType,
      userId: grant.userId,
      clientApp: grant.clientApp,
      issuedAt: now,
      expiresAt: lifetime ? now + lifetime * 1000 : null,
      ...(grant.scopes ? { scopes: [...grant.scopes] } : {}),
      ...(grant.claims ? { claims: grant.claims } : {}),
    },
  });
  return codec.encode({ id, verifier });
}
