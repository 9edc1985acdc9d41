import type { operations } from '../../../generated/social.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';

/** POST /socialapi/auth/post/logout (extension): revokes the token presented, only that one. */
export const logout: TypedHandler<operations['logout']> = async (ctx) => {
  const { principal } = ctx;
  if (principal.kind === 'user' && principal.tokenId !== undefined) {
    await ctx.services.store.tokens.revoke({ ns: ctx.ns.name, api: ctx.api.name, id: principal.tokenId });
  }
  return { status: 200, body: { status: true, message: 'Logout successful.' } };
};
