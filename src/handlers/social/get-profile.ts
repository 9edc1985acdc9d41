import type { operations } from '../../generated/social.js';
import type { TypedHandler } from '../types.js';

/** GET /socialapi/user/get/profile (extension): the token's user and unread count. */
export const getProfile: TypedHandler<operations['getProfile']> = (ctx) => {
  const userId = ctx.principal.kind === 'social' ? ctx.principal.userId : -1;
  const account = ctx.services.fixtures.social.usersById.get(userId)!;
  const { profile } = account;
  return {
    status: 200,
    body: {
      status: true,
      user: { userId: profile.userId, email: profile.email, username: profile.username, gender: profile.gender, thumbnail: profile.thumbnail },
      count: String(account.unreadNotifications),
    },
  };
};
