import type { ApiName } from '../core/types.js';
import type { LoginFailures, Store, TokenRecord, UserType } from './store.js';

/** Keeps nothing across restarts: `--state memory` and most tests. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  private tokens = new Map<number, TokenRecord>();
  private failures = new Map<string, LoginFailures>();
  private lastId = 0;

  async saveToken(record: Omit<TokenRecord, 'id'>): Promise<number> {
    const id = ++this.lastId;
    this.tokens.set(id, { ...record, id });
    return id;
  }

  async findToken(api: ApiName, id: number): Promise<TokenRecord | undefined> {
    const record = this.tokens.get(id);
    return record?.api === api ? record : undefined;
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

  async revokeToken(api: ApiName, id: number): Promise<boolean> {
    return this.tokens.get(id)?.api === api && this.tokens.delete(id);
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
