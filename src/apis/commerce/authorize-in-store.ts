import type { Ctx, Step } from '../../pipeline/context.js';
import { authorize } from '../../pipeline/authorize.js';
import type { StoreView } from './load-fixtures.js';
import { customerOf } from './resolve-principal.js';

/**
 * The platform's permission check, plus its store rule for `self`: customers are shared
 * per website, so a customer token is good only in a store of the customer's own website
 * (the store code in the URL; `all` is the admin store, website 0).
 */
export function createAuthorizeStep(stores: ReadonlyMap<string, StoreView>): Step {
  return function authorizeInStore(ctx: Ctx): void {
    authorize(ctx);
    const customer = customerOf(ctx.principal);
    if (ctx.op?.permission.kind !== 'self' || !customer) return;
    const website = ctx.scope === 'all' ? 0 : stores.get(ctx.scope ?? 'default')?.website_id;
    if (website !== customer.websiteId) throw ctx.api.dialect.notAuthorized(ctx);
  };
}
