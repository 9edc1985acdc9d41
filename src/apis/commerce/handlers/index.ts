import type { operations } from '../../../generated/commerce.js';
import type { HandlerMap } from '../../../pipeline/typed-handler.js';
import { createAdminAccessToken, createAdminAccessTokenWithGoogle, createCustomerAccessToken } from './token-handlers.js';
import { revokeCustomerAccessToken } from './revoke-customer-access-token.js';
import { getCurrentCustomer } from './get-current-customer.js';
import { getCustomerById } from './get-customer-by-id.js';

/** Keyed by operationId. The directory operations have no handler: they serve their examples. */
export const commerceHandlers: HandlerMap<operations> = {
  createCustomerAccessToken,
  createAdminAccessToken,
  createAdminAccessTokenWithGoogle,
  revokeCustomerAccessToken,
  getCurrentCustomer,
  getCustomerById,
};
