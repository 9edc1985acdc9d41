import type { Principal } from '../../core/types.js';
import type { TokenRecord } from '../../store/store.js';
import type { UserPrincipal } from '../../auth/verdict.js';
import type { SocialIdentities, SocialUser } from './identities.js';

const NO_SCOPES: ReadonlySet<string> = new Set();

/** A live userToken's caller: its user, while the user and the client app it was issued to exist. */
export async function resolveSocialPrincipal(record: TokenRecord, ids: SocialIdentities): Promise<UserPrincipal | undefined> {
  if (record.userType !== 'social' || !record.clientApp) return undefined;
  const [user, app] = await Promise.all([ids.userById(Number(record.userId)), ids.app(record.clientApp)]);
  if (!user || !app) return undefined;
  return {
    kind: 'user',
    userType: 'social',
    userId: record.userId,
    subject: `social:${record.userId}`,
    tokenId: record.id,
    scopes: NO_SCOPES,
    identity: user,
  };
}

export function socialUserOf(principal: Principal): SocialUser | undefined {
  return principal.kind === 'user' && principal.userType === 'social' ? (principal.identity as SocialUser) : undefined;
}
