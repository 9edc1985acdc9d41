import type { Ctx } from '../../core/types.js';
import { authorize } from '../../pipeline/authorize.js';

/**
 * The platform's permission check, plus its store rule for `self`: customers are shared
 * per website, so a customer token is good only in a store of the customer's own website
 * (the store code in the URL; `all` is the admin store, website 0).
 */
export function authorizeInStore(ctx: Ctx): void {
  authorize(ctx);
  const { principal, op } = ctx;
  if (op?.permission.kind !== 'self' || principal.kind !== 'customer') return;
  const { stores, customersById } = ctx.services.fixtures.commerce;
  const website = ctx.storeCode === 'all' ? 0 : stores.get(ctx.storeCode ?? 'default')?.website_id;
  const customer = customersById.get(principal.userId)!;
  if (website !== customer.record.website_id) throw ctx.api.dialect.notAuthorized(ctx);
}
