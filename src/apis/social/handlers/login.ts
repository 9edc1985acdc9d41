import type { components, operations } from '../../../generated/social.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { issueToken } from '../../../auth/tokens.js';
import { socialError } from '../error-codes.js';
import { socialIdentities, type SocialUser } from '../identities.js';

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
  const ids = socialIdentities(services, ctx.ns.name);

  const app = await ids.app(apiKey);
  if (!services.secrets.matches(app?.secretDigest, secretKey)) throw socialError('INVALID_API_CREDENTIALS');

  const user = await ids.userByLoginName(loginName);
  if (user && !user.verified) throw socialError('NOT_VERIFIED');
  if (user && !user.approved) throw socialError('NOT_APPROVED');
  if (!services.secrets.matches(user?.passwordDigest, password)) throw socialError('INVALID_CREDENTIALS');

  const account = user!;
  const now = ctx.ns.now();
  const userToken = await issueToken({
    tokens: services.store.tokens,
    ns: ctx.ns.name,
    api: ctx.api.name,
    codec: ctx.api.tokens,
    random: services.random,
    now,
    lifetime: ctx.ns.settings.tokenLifetimes.social,
    userType: 'social',
    userId: String(account.profile.userId),
    clientApp: app!.apiKey,
  });
  return {
    status: 201,
    body: {
      status: true,
      user: { ...orderedProfile(account), userToken, gender: account.profile.gender, thumbnail: account.profile.thumbnail },
      count: String(account.unreadCount),
      message: 'Login successful',
    },
  };
};

// The seed's field order: userId, email, username, userToken, gender, thumbnail.
function orderedProfile(a: SocialUser) {
  return { userId: a.profile.userId, email: a.profile.email, username: a.profile.username };
}
