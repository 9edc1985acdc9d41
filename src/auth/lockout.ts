import type { Store, LoginFailures } from '../store/store.js';

/** Where a login's failures are counted, and under which settings. */
export interface LockoutScope {
  store: Store;
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
    const { store, ns, api, userType } = this.scope;
    return store.getLoginFailures(ns, api, userType, keyOf(username));
  }

  isLocked(failures: LoginFailures | undefined): boolean {
    return !!failures && failures.failures >= this.scope.maxFailures && failures.lockExpiresAt > this.scope.now;
  }

  async recordFailure(username: string): Promise<void> {
    const { store, ns, api, userType, now, seconds } = this.scope;
    await store.recordLoginFailure(ns, api, userType, keyOf(username), now, seconds * 1000);
  }

  /** Clears the count; a name with no failures costs no write. */
  async recordSuccess(username: string, previous: LoginFailures | undefined): Promise<void> {
    const { store, ns, api, userType } = this.scope;
    if (previous) await store.clearLoginFailures(ns, api, userType, keyOf(username));
  }
}

const keyOf = (username: string) => username.toLowerCase();
