import type { Identity, IdentityStore, PutResult } from './store.js';
import type { SqliteContext, Statements } from './sqlite-statements.js';
import { toIdentity } from './sqlite-rows.js';

/** The SQLite store's identities: each write in its own transaction, after the pending token inserts. */
export function createSqliteIdentities({ db, stmt, flush }: SqliteContext): IdentityStore {
  return {
    async get({ ns, api, kind, id }) {
      return toIdentity(api, kind, stmt.getIdentity.get(ns, api, kind, id));
    },
    async find({ ns, api, kind, key }) {
      return toIdentity(api, kind, stmt.findIdentity.get(ns, api, kind, key));
    },
    async list({ ns, api, kind }) {
      return stmt.listIdentities.all(ns, api, kind).map((row) => toIdentity(api, kind, row)!);
    },
    async put({ ns, identity }) {
      flush();
      return db.transaction(() => writeIdentity(stmt, ns, identity, false))();
    },
    async delete({ ns, api, kind, id }) {
      flush();
      return db.transaction(() => removeIdentity(stmt, ns, api, kind, id))();
    },
    async nextId({ ns, counter, atLeast }) {
      flush();
      return (stmt.nextId.get(ns, counter, atLeast, atLeast) as { value: number }).value;
    },
  };
}

/** Inside a transaction. `force` takes keys over from other identities (seeding) instead of refusing. */
export function writeIdentity(stmt: Statements, ns: string, identity: Identity, force: boolean): PutResult {
  const { api, kind, id, keys } = identity;
  for (const key of keys) {
    const owner = (stmt.keyOwner.get(ns, api, kind, key) as { id: string } | undefined)?.id;
    if (owner !== undefined && owner !== id) {
      if (!force) return 'key-conflict';
      removeIdentity(stmt, ns, api, kind, owner);
    }
  }
  removeIdentity(stmt, ns, api, kind, id);
  stmt.insertIdentity.run(ns, api, kind, id, JSON.stringify(keys), JSON.stringify(identity.data));
  for (const key of keys) stmt.insertKey.run(ns, api, kind, key, id);
  return 'ok';
}

function removeIdentity(stmt: Statements, ns: string, api: string, kind: string, id: string): boolean {
  stmt.deleteKeys.run(ns, api, kind, id);
  return stmt.deleteIdentity.run(ns, api, kind, id).changes > 0;
}
