import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { requireCustomer } from './require-customer.js';

/** POST /V1/integration/customer/revoke-customer-token: every token of the caller, at once. */
export const revokeCustomerAccessToken: TypedHandler<operations['revokeCustomerAccessToken']> = async (ctx) => {
  const customer = requireCustomer(ctx);
  await ctx.services.store.tokens.revokeUser({ ns: ctx.ns.name, api: ctx.api.name, userType: 'customer', userId: String(customer.id) });
  return { status: 200, body: true };
};
