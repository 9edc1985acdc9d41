import type { operations } from '../../generated/commerce.js';
import type { TypedHandler } from '../types.js';
import { checkCredentials } from './check-credentials.js';
import { issueToken } from '../../auth/issue-token.js';

/** POST /V1/integration/customer/token: the customer's e-mail and password for a token. */
export const createCustomerAccessToken: TypedHandler<operations['createCustomerAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const account = ctx.services.fixtures.commerce.customersByEmail.get(username.toLowerCase());
  await checkCredentials(ctx.services, 'customer', username, account?.passwordDigest, password);
  return { status: 200, body: await issueToken(ctx.services, 'commerce', 'customer', account!.id) };
};
