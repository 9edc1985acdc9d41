import type { operations } from '../../generated/commerce.js';
import type { TypedHandler } from '../types.js';
import { requireCustomerId } from './require-customer.js';

/** POST /V1/integration/customer/revoke-customer-token: every token of the caller, at once. */
export const revokeCustomerAccessToken: TypedHandler<operations['revokeCustomerAccessToken']> = async (ctx) => {
  const customerId = requireCustomerId(ctx);
  await ctx.services.store.revokeUserTokens('commerce', 'customer', customerId);
  return { status: 200, body: true };
};
