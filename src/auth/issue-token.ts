import type { TokenStore } from '../store/store.js';
import type { RandomSource } from '../core/types.js';
import type { TokenCodec } from './tokens.js';
import { hashToken } from './secrets.js';

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
}

/** Mints a token: stores the hash of its verifier with the user and lifetime, returns it once. */
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
    },
  });
  return codec.encode({ id, verifier });
}
