import type { ApiName, Services } from '../core/types.js';
import type { UserType } from '../store/store.js';
import { hashToken } from './secrets.js';
import { issueCommerceToken, issueSocialToken } from './tokens.js';

/** Mints a token, stores its hash with the user and lifetime, and returns it once. */
export async function issueToken(
  services: Services,
  api: ApiName,
  userType: UserType,
  userId: number,
  clientApp?: string,
): Promise<string> {
  const token = api === 'commerce' ? issueCommerceToken(services.random) : issueSocialToken(services.random);
  const now = services.clock.now();
  const lifetime = services.config.tokenLifetimes[userType];
  await services.store.saveToken({
    api,
    hash: hashToken(token),
    userType,
    userId,
    clientApp,
    issuedAt: now,
    expiresAt: lifetime ? now + lifetime * 1000 : null,
  });
  return token;
}
