import type { Call } from '../../../pipeline/stages.js';
import { issueToken } from '../../../auth/issue-token.js';

/** A commerce token for a customer or an admin, with the namespace's lifetime for that type. */
export function issueCommerceToken(
  ctx: Pick<Call, 'services' | 'ns' | 'api'>,
  userType: 'customer' | 'admin',
  userId: number,
): Promise<string> {
  const now = ctx.ns.now();
  return issueToken({
    tokens: ctx.services.store.tokens,
    ns: ctx.ns.name,
    api: ctx.api.name,
    codec: ctx.api.tokens,
    random: ctx.services.random,
    now,
    lifetime: ctx.ns.settings.tokenLifetimes[userType],
    userType,
    userId: String(userId),
  });
}
