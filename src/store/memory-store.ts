import type { ApiName } from '../core/types.js';
import type { LoginFailures, Store, TokenRecord, UserType } from './store.js';

/** Keeps nothing across restarts: `--state memory` and most tests. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  private tokens = new Map<string, TokenRecord>();
  private failures = new Map<string, LoginFailures>();

  async saveToken(record: TokenRecord): Promise<void> {
    this.tokens.set(`${record.api}:${record.hash}`, { ...record });
  }

  async findToken(api: ApiName, hash: string): Promise<TokenRecord | undefined> {
    return this.tokens.get(`${api}:${hash}`);
  }

  async revokeUserTokens(api: ApiName, userType: UserType, userId: number): Promise<number> {
    let n = 0;
    for (const [key, t] of this.tokens) {
      if (t.api === api && t.userType === userType && t.userId === userId) {
        this.tokens.delete(key);
        n++;
      }
    }
    return n;
  }

  async revokeToken(api: ApiName, hash: string): Promise<boolean> {
    return this.tokens.delete(`${api}:${hash}`);
  }

  async getLoginFailures(api: ApiName, userType: UserType, username: string): Promise<LoginFailures | undefined> {
    return this.failures.get(`${api}:${userType}:${username}`);
  }

  async setLoginFailures(api: ApiName, userType: UserType, username: string, value: LoginFailures): Promise<void> {
    this.failures.set(`${api}:${userType}:${username}`, { ...value });
  }

  async clearLoginFailures(api: ApiName, userType: UserType, username: string): Promise<void> {
    this.failures.delete(`${api}:${userType}:${username}`);
  }

  async reset(): Promise<void> {
    this.tokens.clear();
    this.failures.clear();
  }

  async close(): Promise<void> {}
}
