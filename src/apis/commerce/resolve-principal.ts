import type { Principal } from '../../core/types.js';
import type { TokenRecord } from '../../store/store.js';
import type { Ctx } from '../../pipeline/context.js';
import { commerceIdentities, type Admin, type Customer, type Integration } from './identities.js';

/**
 * A live commerce token's caller: its customer, or its admin while the admin is active.
 * A token whose identity is gone (deleted) or disabled makes a guest.
 */
export async function resolveCommercePrincipal(record: TokenRecord, ctx: Ctx): Promise<Principal | undefined> {
  const ids = commerceIdentities(ctx.services, ctx.ns.name);
  const base = { kind: 'user' as const, userType: record.userType, userId: record.userId, tokenId: record.id };
  if (record.userType === 'customer') {
    const customer = await ids.customerById(Number(record.userId));
    return customer && { ...base, access: { selfService: true }, identity: customer };
  }
  if (record.userType === 'admin') {
    const admin = await ids.adminById(Number(record.userId));
    return admin?.active ? { ...base, access: { selfService: false, resources: admin.resources }, identity: admin } : undefined;
  }
  return undefined;
}

/**
 * An integration as a caller: user type integration, its ACL as an admin role's
 * (docs/commerce-integrations.md §1); it never acts for itself, so `self` needs all resources.
 */
export function integrationPrincipal(integration: Integration): Principal {
  return {
    kind: 'user',
    userType: 'integration',
    userId: String(integration.id),
    access: { resources: integration.resources, selfService: false },
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
