import type { operations } from '../../generated/commerce.js';
import type { TypedHandler } from '../types.js';
import { checkCredentials } from './check-credentials.js';
import { issueToken } from '../../auth/issue-token.js';

/** POST /V1/integration/admin/token: as the platform answers with two-factor login off. */
export const createAdminAccessToken: TypedHandler<operations['createAdminAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const admin = ctx.services.fixtures.commerce.admins.get(username.toLowerCase());
  const digest = admin?.active ? admin.passwordDigest : undefined;
  await checkCredentials(ctx.services, 'admin', username, digest, password);
  return { status: 200, body: await issueToken(ctx.services, 'commerce', 'admin', admin!.id) };
};
