import type { Principal, Scopes } from '../../core/types.js';
import type { TokenRecord } from '../../store/store.js';
import type { UserPrincipal } from '../../auth/verdict.js';
import type { Admin, CommerceIdentities, Customer, Integration } from './identities.js';

/** A customer acts for itself: it holds `self`, no ACL resource. */
const CUSTOMER_SCOPES: Scopes = new Set(['self']);

/** An admin role's or integration's ACL as scopes: `all` holds every resource and `self` (the platform's ACL falls back to the root rule). */
function aclScopes(resources: 'all' | ReadonlySet<string>): Scopes {
  return resources === 'all' ? 'all' : resources;
}

/**
 * A live commerce token's caller: its customer, or its admin while the admin is active.
 * A token whose identity is gone (deleted) or disabled makes no one.
 */
export async function resolveCommercePrincipal(record: TokenRecord, ids: CommerceIdentities): Promise<UserPrincipal | undefined> {
  const { userType, userId, id: tokenId } = record;
  if (userType === 'customer') {
    const customer = await ids.customerById(Number(userId));
    return (
      customer && { kind: 'user', userType, userId, subject: `${userType}:${userId}`, tokenId, scopes: CUSTOMER_SCOPES, identity: customer }
    );
  }
  if (userType === 'admin') {
    const admin = await ids.adminById(Number(userId));
    return admin?.active
      ? { kind: 'user', userType, userId, subject: `${userType}:${userId}`, tokenId, scopes: aclScopes(admin.resources), identity: admin }
      : undefined;
  }
  return undefined;
}

/**
 * An integration as a caller: user type integration, its ACL as an admin role's
 * (docs/commerce-integrations.md §1); it never acts for itself, so `self` needs all resources.
 */
export function integrationPrincipal(integration: Integration): UserPrincipal {
  return {
    kind: 'user',
    userType: 'integration',
    userId: String(integration.id),
    subject: `integration:${integration.id}`,
    scopes: aclScopes(integration.resources),
    identity: integration,
  };
}

/** The customer a principal stands for, if it is one. */
export function customerOf(principal: Principal): Customer | undefined {
  return principal.kind === 'user' && principal.userType === 'customer' ? (principal.identity as Customer) : undefined;
}

export function adminOf(principal: Principal): Admin | undefined {
  return principal.kind === 'user' && principal.userType === 'admin' ? (principal.identity as Admin) : undefined;
}
