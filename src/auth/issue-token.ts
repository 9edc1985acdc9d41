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
