import type { LockoutStore, LoginFailures, LoginRef } from '../store/store.js';

/** Where a login's failures are counted, and under which settings. */
export interface LockoutScope {
  lockouts: LockoutStore;
  ns: string;
  api: string;
  userType: string;
  now: number;
  maxFailures: number;
  seconds: number;
}

/**
 * Login throttling as the commerce platform does it: checked before the password, each
 * failure counts and slides the lock to now + timeout, a success clears the count. Once a
 * lock has expired the count starts again, as the platform's clean-up job does
 * (docs/commerce-platform.md, lockout). Counting is one atomic store operation.
 */
export class Lockout {
  constructor(private readonly scope: LockoutScope) {}

  /** the name's failures so far (undefined: none), read once per login attempt */
  read(username: string): Promise<LoginFailures | undefined> {
    return this.scope.lockouts.get(this.refOf(username));
  }

  isLocked(failures: LoginFailures | undefined): boolean {
    return !!failures && failures.failures >= this.scope.maxFailures && failures.lockExpiresAt > this.scope.now;
  }

  async recordFailure(username: string): Promise<void> {
    const { lockouts, now, seconds } = this.scope;
    await lockouts.recordFailure({ ...this.refOf(username), now, lockMs: seconds * 1000 });
  }

  /** Clears the count; a name with no failures costs no write. */
  async recordSuccess(username: string, previous: LoginFailures | undefined): Promise<void> {
    if (previous) await this.scope.lockouts.clear(this.refOf(username));
  }

  /** a name is counted lower-cased: one count whatever case it was typed in */
  private refOf(username: string): LoginRef {
    const { ns, api, userType } = this.scope;
    return { ns, api, userType, username: username.toLowerCase() };
  }
}
