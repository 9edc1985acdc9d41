import type { ApiName, Services } from '../core/types.js';
import type { UserType } from '../store/store.js';
import { hashToken } from './secrets.js';
import { commerceTokens, socialTokens } from './tokens.js';

/** Mints a token: stores the hash of its verifier with the user and lifetime, returns it once. */
export async function issueToken(
  services: Services,
  api: ApiName,
  userType: UserType,
  userId: number,
  clientApp?: string,
): Promise<string> {
  const codec = api === 'commerce' ? commerceTokens : socialTokens;
  const verifier = codec.newVerifier(services.random);
  const now = services.clock.now();
  const lifetime = services.config.tokenLifetimes[userType];
  const id = await services.store.saveToken({
    api,
    verifierHash: hashToken(verifier),
    userType,
    userId,
    clientApp,
    issuedAt: now,
    expiresAt: lifetime ? now + lifetime * 1000 : null,
  });
  return codec.encode({ id, verifier });
}
