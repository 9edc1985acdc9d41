import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { checkCredentials } from './check-credentials.js';
import { issueCommerceToken } from './issue-commerce-token.js';
import { refuseAdminTokenWithTwoFactor } from './check-two-factor.js';
import { commerceIdentities } from '../identities.js';

/**
 * POST /V1/integration/admin/token. An inactive admin is refused at login like a wrong
 * password (and its failures count). With --admin-2fa the password is checked as always,
 * then the platform's two-factor module refuses to hand out a token here.
 */
export const createAdminAccessToken: TypedHandler<operations['createAdminAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const admin = await commerceIdentities(ctx.services, ctx.ns.name).adminByName(username);
  const digest = admin?.active ? admin.passwordDigest : undefined;
  await checkCredentials(ctx, 'admin', username, digest, password);
  if (ctx.services.config.admin2fa) refuseAdminTokenWithTwoFactor(admin!);
  return { status: 200, body: await issueCommerceToken(ctx, 'admin', admin!.id) };
};
