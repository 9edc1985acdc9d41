import type { Principal } from '../../core/types.js';
import type { TokenRecord } from '../../store/store.js';
import type { Ctx } from '../../pipeline/context.js';
import { socialIdentities, type SocialUser } from './identities.js';

/** A live userToken's caller: its user, while the user and the client app it was issued to exist. */
export async function resolveSocialPrincipal(record: TokenRecord, ctx: Ctx): Promise<Principal | undefined> {
  if (record.userType !== 'social' || !record.clientApp) return undefined;
  const ids = socialIdentities(ctx.services, ctx.ns.name);
  const [user, app] = await Promise.all([ids.userById(Number(record.userId)), ids.app(record.clientApp)]);
  if (!user || !app) return undefined;
  return { kind: 'user', userType: 'social', userId: record.userId, tokenId: record.id, access: { selfService: false }, identity: user };
}

export function socialUserOf(principal: Principal): SocialUser | undefined {
  return principal.kind === 'user' && principal.userType === 'social' ? (principal.identity as SocialUser) : undefined;
}
