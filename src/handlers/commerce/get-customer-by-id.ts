import type { components, operations } from '../../generated/commerce.js';
import type { TypedHandler } from '../types.js';
import { ApiError } from '../../core/api-error.js';

type Customer = components['schemas']['Customer'];

/** GET /V1/customers/{customerId}: for admins whose role allows Magento_Customer::customer. */
export const getCustomerById: TypedHandler<operations['getCustomerById']> = (ctx) => {
  const id = ctx.pathParams.customerId;
  const account = ctx.services.fixtures.commerce.customersById.get(id);
  if (!account) throw new ApiError('NO_SUCH_ENTITY', { fieldName: 'customerId', fieldValue: id });
  return { status: 200, body: account.record as Customer };
};
