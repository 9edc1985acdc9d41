import type { Ctx } from '../../core/types.js';
import { ApiError } from '../../core/api-error.js';

/**
 * `self` operations take the customer id from the token. An admin whose role has all
 * resources passes the permission check but has no customer id: the platform then
 * answers 400 "customerId" is required (its issues #24812, #5695).
 */
export function requireCustomerId(ctx: Ctx): number {
  if (ctx.principal.kind === 'customer') return ctx.principal.userId;
  throw new ApiError('FIELD_REQUIRED', { fieldName: 'customerId' });
}
