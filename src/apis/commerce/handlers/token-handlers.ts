import type { operations } from '../../../generated/commerce.js';
import type { TypedHandler } from '../../../pipeline/typed-handler.js';
import { commerceIdentities } from '../identities.js';
import type { Call } from '../../../pipeline/stages.js';
import { Lockout } from '../../../auth/lockout.js';
import { commerceError } from '../error-codes.js';
import { issueToken } from '../../../auth/tokens.js';
import { checkGoogleCode, refuseAdminTokenWithTwoFactor } from './check-two-factor.js';

// The platform's token endpoints (customer, admin, admin with Google's second factor): the
// credentials checked in the platform's order, then a token of the spec's own format.

/** POST /V1/integration/customer/token: the customer's e-mail and password for a token. */
export const createCustomerAccessToken: TypedHandler<operations['createCustomerAccessToken']> = async (ctx) => {
  const { username, password } = ctx.body;
  const customer = await commerceIdentities(ctx.services, ctx.ns.name).customerByEmail(username);
  await checkCredentials(ctx, 'customer', username, customer?.passwordDigest, password);
  return { status: 200, body: await issueCommerceToken(ctx, 'customer', customer!.id) };
};

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

/**
 * The token endpoints' checks, in the platform's order: a locked name is refused before
 * its password is looked at; every failure, unknown names included, counts; a success
 * clears the count. All failures give the same generic 401.
 */
async function checkCredentials(
  ctx: Pick<Call, 'services' | 'ns'>,
  userType: 'customer' | 'admin',
  username: string,
  storedDigest: Buffer | undefined,
  password: string,
): Promise<void> {
  const { lockout } = ctx.ns.settings;
  const guard = new Lockout({
    lockouts: ctx.services.store.lockouts,
    ns: ctx.ns.name,
    api: 'commerce',
    userType,
    now: ctx.ns.now(),
    maxFailures: lockout.maxFailures,
    seconds: lockout.seconds,
  });
  const failures = await guard.read(username);
  // One answer for both refusals; the reason tells them apart in the journal and the request log.
  if (guard.isLocked(failures))
    throw commerceError('SIGN_IN_INCORRECT').because(`locked out until ${new Date(failures!.lockExpiresAt).toISOString()}`);
  if (!ctx.services.secrets.matches(storedDigest, password)) {
    await guard.recordFailure(username);
    throw commerceError('SIGN_IN_INCORRECT').because('wrong password or unknown user');
  }
  await guard.recordSuccess(username, failures);
}

/** A commerce token for a customer or an admin, with the namespace's lifetime for that type. */
function issueCommerceToken(ctx: Pick<Call, 'services' | 'ns' | 'api'>, userType: 'customer' | 'admin', userId: number): Promise<string> {
  const now = ctx.ns.now();
  return issueToken({
    tokens: ctx.services.store.tokens,
    ns: ctx.ns.name,
    api: ctx.api.name,
    codec: ctx.api.tokens,
    random: ctx.services.random,
    now,
    lifetime: ctx.ns.settings.tokenLifetimes[userType],
    userType,
    userId: String(userId),
  });
}
