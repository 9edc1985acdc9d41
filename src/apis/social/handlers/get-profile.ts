import type { operations } from '../../../generated/social.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { socialError } from '../error-codes.js';
import { socialUserOf } from '../resolve-principal.js';

/** GET /socialapi/user/get/profile (extension): the token's user and unread count. */
export const getProfile: TypedHandler<operations['getProfile']> = (ctx) => {
  const user = socialUserOf(ctx.principal);
  if (!user) throw socialError('TOKEN_REQUIRED'); // the permission step lets only users through
  const { profile } = user;
  return {
    status: 200,
    body: {
      status: true,
      user: {
        userId: profile.userId,
        email: profile.email,
        username: profile.username,
        gender: profile.gender,
        thumbnail: profile.thumbnail,
      },
      count: String(user.unreadCount),
    },
  };
};
