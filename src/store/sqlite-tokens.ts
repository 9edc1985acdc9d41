import type { TokenStore } from './store.js';
import type { SqliteContext } from './sqlite-statements.js';
import type { TokenBatch } from './sqlite-token-inserts.js';
import { toToken } from './sqlite-rows.js';

/** The SQLite store's tokens: saves go through the batch, every other write commits it first. */
export function createSqliteTokens({ stmt, flush }: SqliteContext, batch: TokenBatch): TokenStore {
  return {
    save({ ns, token }) {
      return batch.save(ns, token);
    },
    async find({ ns, api, id }) {
      return toToken(stmt.findToken.get(id, ns, api));
    },
    async list({ ns, api, userType, userId }) {
      flush();
      const rows = stmt.listTokens.all({ ns, api: api ?? null, userType: userType ?? null, userId: userId ?? null });
      return rows.map((row) => toToken(row)!);
    },
    async revoke({ ns, api, id }) {
      flush();
      return stmt.revokeOne.run(id, ns, api).changes > 0;
    },
    async revokeUser({ ns, api, userType, userId }) {
      flush();
      return stmt.revokeUser.run(ns, api, userType, userId).changes;
    },
  };
}
