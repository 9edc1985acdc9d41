import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { checkCredentials } from './check-credentials.js';
import { issueCommerceToken } from './issue-commerce-token.js';
import { commerceIdentities } from '../identities.js';

/** POST /V1/integration/customer/token: the customer's e-mail and password for a token. */
export const createCustomerAccessToken: TypedHandler<operations['createCustomerAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const customer = await commerceIdentities(ctx.services, ctx.ns.name).customerByEmail(username);
  await checkCredentials(ctx, 'customer', username, customer?.passwordDigest, password);
  return { status: 200, body: await issueCommerceToken(ctx, 'customer', customer!.id) };
};
