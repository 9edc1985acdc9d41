import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { checkCredentials } from './check-credentials.js';
import { issueCommerceToken } from './issue-commerce-token.js';
import { checkGoogleCode } from './check-two-factor.js';
import { commerceIdentities } from '../identities.js';

/**
 * POST /V1/tfa/provider/google/authenticate (--admin-2fa): the admin's password as for
 * the admin token, then the Google code (docs/commerce-integrations.md §7). Without
 * --admin-2fa the route does not exist, as without the platform's two-factor module.
 */
export const createAdminAccessTokenWithGoogle: TypedHandler<operations['createAdminAccessTokenWithGoogle']> = async (ctx) => {
  const { username, password, otp } = ctx.body;
  const admin = await commerceIdentities(ctx.services, ctx.ns.name).adminByName(username);
  const digest = admin?.active ? admin.passwordDigest : undefined;
  await checkCredentials(ctx, 'admin', username, digest, password);
  checkGoogleCode(ctx, admin!, otp);
  return { status: 200, body: await issueCommerceToken(ctx, 'admin', admin!.id) };
};
