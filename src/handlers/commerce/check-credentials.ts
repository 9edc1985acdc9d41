import type { Services } from '../../core/types.js';
import { ApiError } from '../../core/api-error.js';
import { Lockout } from '../../auth/lockout.js';

/**
 * The token endpoints' checks, in the platform's order: a locked name is refused before
 * its password is looked at; every failure, unknown names included, counts; a success
 * clears the count. All failures give the same generic 401.
 */
export async function checkCredentials(
  services: Services,
  userType: 'customer' | 'admin',
  username: string,
  storedDigest: Buffer | undefined,
  password: string,
): Promise<void> {
  const lockout = new Lockout(services, 'commerce', userType);
  const failures = await lockout.read(username);
  if (lockout.isLocked(failures)) throw new ApiError('SIGN_IN_INCORRECT');
  if (!services.secrets.matches(storedDigest, password)) {
    await lockout.recordFailure(username, failures);
    throw new ApiError('SIGN_IN_INCORRECT');
  }
  await lockout.recordSuccess(username, failures);
}
