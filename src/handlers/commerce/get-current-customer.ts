import type { components, operations } from '../../generated/commerce.js';
import type { TypedHandler } from '../types.js';
import { requireCustomerId } from './require-customer.js';

type Customer = components['schemas']['Customer'];

/** GET /V1/customers/me: the token's own customer record. */
export const getCurrentCustomer: TypedHandler<operations['getCurrentCustomer']> = (ctx) => {
  const account = ctx.services.fixtures.commerce.customersById.get(requireCustomerId(ctx))!;
  return { status: 200, body: account.record as Customer };
};
