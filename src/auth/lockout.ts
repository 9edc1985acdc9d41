import type { ApiName, Services } from '../core/types.js';
import type { UserType } from '../store/store.js';

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

  async isLocked(username: string): Promise<boolean> {
    const { store, clock, config } = this.services;
    const f = await store.getLoginFailures(this.api, this.userType, key(username));
    return !!f && f.failures >= config.lockout.maxFailures && f.lockExpiresAt > clock.now();
  }

  async recordFailure(username: string): Promise<void> {
    const { store, clock, config } = this.services;
    const now = clock.now();
    const f = await store.getLoginFailures(this.api, this.userType, key(username));
    const failures = f && f.lockExpiresAt > now ? f.failures + 1 : 1;
    await store.setLoginFailures(this.api, this.userType, key(username), {
      failures,
      lockExpiresAt: now + config.lockout.seconds * 1000,
    });
  }

  async recordSuccess(username: string): Promise<void> {
    await this.services.store.clearLoginFailures(this.api, this.userType, key(username));
  }
}

const key = (username: string) => username.toLowerCase();
