import type { components, operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { commerceError } from '../error-codes.js';
import { commerceIdentities } from '../identities.js';

type Customer = components['schemas']['Customer'];

/** GET /V1/customers/{customerId}: for admins whose role allows Magento_Customer::customer. */
export const getCustomerById: TypedHandler<operations['getCustomerById']> = async (ctx) => {
  const id = ctx.pathParams.customerId;
  const customer = await commerceIdentities(ctx.services, ctx.ns.name).customerById(id);
  if (!customer) throw commerceError('NO_SUCH_ENTITY', { fieldName: 'customerId', fieldValue: id });
  return { status: 200, body: customer.record as Customer };
};
