import type { LockoutStore, NonceStore } from './store.js';
import type { SqliteContext } from './sqlite-statements.js';
import { toFailureEntry } from './sqlite-rows.js';

/** The SQLite store's failed-login counts: counting is one statement (an upsert), so it is atomic. */
export function createSqliteLockouts({ stmt, flush }: SqliteContext): LockoutStore {
  return {
    async get({ ns, api, userType, username }) {
      const row = stmt.getFailures.get(ns, api, userType, username) as { failures: number; lock_expires_at: number } | undefined;
      return row ? { failures: row.failures, lockExpiresAt: row.lock_expires_at } : undefined;
    },
    async recordFailure({ ns, api, userType, username, now, lockMs }) {
      flush();
      const row = stmt.recordFailure.get(ns, api, userType, username, now + lockMs, now, now + lockMs) as {
        failures: number;
        lock_expires_at: number;
      };
      return { failures: row.failures, lockExpiresAt: row.lock_expires_at };
    },
    async clear({ ns, api, userType, username }) {
      flush();
      return stmt.clearFailures.run(ns, api, userType, username).changes > 0;
    },
    async list(ns) {
      return stmt.listFailures.all(ns).map(toFailureEntry);
    },
    async clearAll(ns) {
      flush();
      return stmt.deleteNsFailures.run(ns).changes;
    },
  };
}

/** The SQLite store's OAuth nonces: the primary key makes a used nonce a no-op, in one statement. */
export function createSqliteNonces({ stmt, flush }: SqliteContext): NonceStore {
  return {
    async remember({ ns, consumerKey, nonce, timestamp }) {
      flush();
      return stmt.rememberNonce.run(ns, consumerKey, nonce, timestamp).changes === 1;
    },
  };
}
