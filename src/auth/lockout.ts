import type { ApiName, Services } from '../core/types.js';
import type { LoginFailures, UserType } from '../store/store.js';

/**
 * Login throttling as the commerce platform does it: checked before the password, each
 * failure counts and slides the lock to now + timeout, a success clears the count. Once a
 * lock has expired the count starts again, as the platform's clean-up job does.
 */
export class Lockout {
  constructor(
    private readonly services: Services,
    private readonly api: ApiName,
    private readonly userType: UserType,
  ) {}

  /** the name's failures so far (undefined: none), read once per login attempt */
  read(username: string): Promise<LoginFailures | undefined> {
    return this.services.store.getLoginFailures(this.api, this.userType, key(username));
  }

  isLocked(failures: LoginFailures | undefined): boolean {
    const { clock, config } = this.services;
    return !!failures && failures.failures >= config.lockout.maxFailures && failures.lockExpiresAt > clock.now();
  }

  async recordFailure(username: string, previous: LoginFailures | undefined): Promise<void> {
    const { store, clock, config } = this.services;
    const now = clock.now();
    const failures = previous && previous.lockExpiresAt > now ? previous.failures + 1 : 1;
    await store.setLoginFailures(this.api, this.userType, key(username), {
      failures,
      lockExpiresAt: now + config.lockout.seconds * 1000,
    });
  }

  /** Clears the count; a name with no failures costs no write. */
  async recordSuccess(username: string, previous: LoginFailures | undefined): Promise<void> {
    if (previous) await this.services.store.clearLoginFailures(this.api, this.userType, key(username));
  }
}

const key = (username: string) => username.toLowerCase();
