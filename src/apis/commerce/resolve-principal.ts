import type { Principal, Scopes } from '../../core/types.js';
import type { TokenRecord } from '../../store/store.js';
import type { UserPrincipal } from '../../auth/verdict.js';
import { commerceIdentities, type Admin, type Customer, type Integration } from './identities.js';
import type { Services } from '../../pipeline/stages.js';

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
export async function resolveCommercePrincipal(
  record: TokenRecord,
  services: Pick<Services, 'store'>,
  ns: string,
): Promise<UserPrincipal | undefined> {
  const ids = commerceIdentities(services, ns);
  const base = { kind: 'user' as const, userType: record.userType, userId: record.userId, tokenId: record.id };
  if (record.userType === 'customer') {
    const customer = await ids.customerById(Number(record.userId));
    return customer && { ...base, scopes: CUSTOMER_SCOPES, identity: customer };
  }
  if (record.userType === 'admin') {
    const admin = await ids.adminById(Number(record.userId));
    return admin?.active ? { ...base, scopes: aclScopes(admin.resources), identity: admin } : undefined;
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
