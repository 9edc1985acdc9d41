import type { components, operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { requireCustomer } from './require-customer.js';

type Customer = components['schemas']['Customer'];

/** GET /V1/customers/me: the token's own customer record, read once by authentication. */
export const getCurrentCustomer: TypedHandler<operations['getCurrentCustomer']> = (ctx) => {
  return { status: 200, body: requireCustomer(ctx).record as Customer };
};
