import type { Call } from '../../../pipeline/stages.js';
import { Lockout } from '../../../auth/lockout.js';
import { commerceError } from '../error-codes.js';

/**
 * The token endpoints' checks, in the platform's order: a locked name is refused before
 * its password is looked at; every failure, unknown names included, counts; a success
 * clears the count. All failures give the same generic 401.
 */
export async function checkCredentials(
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
