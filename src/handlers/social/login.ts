import type { components, operations } from '../../generated/social.js';
import type { TypedHandler } from '../types.js';
import type { Services } from '../../core/types.js';
import type { SocialAccount } from '../../fixtures/load-fixtures.js';
import { ApiError } from '../../core/api-error.js';
import { issueToken } from '../../auth/issue-token.js';

type LoginRequest = components['schemas']['LoginRequest'];

/**
 * POST /socialapi/auth/post/login. The order is the seed's: client app, then the
 * account exists and is verified (and approved), then the password. An unknown name
 * still costs a password comparison, so it answers like a wrong password in the same time.
 */
export const login: TypedHandler<operations['login']> = async (ctx) => {
  const { services } = ctx;
  const body: LoginRequest = ctx.body;
  const { apiKey, secretKey, password } = body;
  const loginName = (body.username ?? body.email)!;

  const app = services.fixtures.social.apps.get(apiKey);
  if (!services.secrets.matches(app?.secretDigest, secretKey)) throw new ApiError('INVALID_API_CREDENTIALS');

  const user = findUser(services, loginName);
  if (user && !user.verified) throw new ApiError('NOT_VERIFIED');
  if (user && !user.approved) throw new ApiError('NOT_APPROVED');
  if (!services.secrets.matches(user?.passwordDigest, password)) throw new ApiError('INVALID_CREDENTIALS');

  const account = user!;
  const userToken = await issueToken(services, 'social', 'social', account.profile.userId, app!.apiKey);
  return {
    status: 201,
    body: {
      status: true,
      user: { ...orderedProfile(account), userToken, gender: account.profile.gender, thumbnail: account.profile.thumbnail },
      count: String(account.unreadNotifications),
      message: 'Login successful',
    },
  };
};

/** The login name matches a username, or an e-mail case-insensitively. */
function findUser(services: Services, name: string): SocialAccount | undefined {
  const { usersByName, usersByEmail } = services.fixtures.social;
  return usersByName.get(name) ?? usersByEmail.get(name.toLowerCase());
}

// The seed's field order: userId, email, username, userToken, gender, thumbnail.
function orderedProfile(a: SocialAccount) {
  return { userId: a.profile.userId, email: a.profile.email, username: a.profile.username };
}
