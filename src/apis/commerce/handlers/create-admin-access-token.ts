import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { checkCredentials } from './check-credentials.js';
import { issueCommerceToken } from './issue-commerce-token.js';
import { commerceIdentities } from '../identities.js';

/**
 * POST /V1/integration/admin/token: as the platform answers with two-factor login off.
 * An inactive admin is refused at login like a wrong password (and its failures count).
 */
export const createAdminAccessToken: TypedHandler<operations['createAdminAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const admin = await commerceIdentities(ctx.services.store, ctx.ns.name).adminByName(username);
  const digest = admin?.active ? admin.passwordDigest : undefined;
  await checkCredentials(ctx, 'admin', username, digest, password);
  return { status: 200, body: await issueCommerceToken(ctx, 'admin', admin!.id) };
};
