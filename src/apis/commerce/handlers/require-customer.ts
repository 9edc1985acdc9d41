import type { Call } from '../../../pipeline/stages.js';
import { commerceError } from '../error-codes.js';
import { customerOf } from '../resolve-principal.js';
import type { Customer } from '../identities.js';

/**
 * `self` operations take the customer from the token. An admin whose role has all
 * resources passes the permission check but has no customer id: the platform then
 * answers 400 "customerId" is required (its issues #24812, #5695).
 */
export function requireCustomer(ctx: Pick<Call, 'principal'>): Customer {
  const customer = customerOf(ctx.principal);
  if (customer) return customer;
  throw commerceError('FIELD_REQUIRED', { fieldName: 'customerId' });
}
