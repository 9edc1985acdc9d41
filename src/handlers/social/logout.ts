import type { operations } from '../../generated/social.js';
import type { TypedHandler } from '../types.js';

/** POST /socialapi/auth/post/logout (extension): revokes the token presented, only that one. */
export const logout: TypedHandler<operations['logout']> = async (ctx) => {
  if (ctx.principal.kind === 'social') await ctx.services.store.revokeToken('social', ctx.principal.tokenId);
  return { status: 200, body: { status: true, message: 'Logout successful.' } };
};
