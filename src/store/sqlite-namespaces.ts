import type { Identity, NamespaceStore } from './store.js';
import type { SqliteContext } from './sqlite-statements.js';
import { toNamespace } from './sqlite-rows.js';
import { writeIdentity } from './sqlite-identities.js';

/** The SQLite store's namespaces: each change one transaction, after the pending token inserts. */
export function createSqliteNamespaces({ db, stmt, flush }: SqliteContext, dropOAuth: (ns: string) => void): NamespaceStore {
  const seed = (ns: string, identities: readonly Identity[]) => {
    for (const identity of identities) writeIdentity(stmt, ns, identity, true);
  };
  const drop = (ns: string): boolean => {
    for (const s of [
      stmt.deleteNsTokens,
      stmt.deleteNsFailures,
      stmt.deleteNsIdentities,
      stmt.deleteNsKeys,
      stmt.deleteNsCounters,
      stmt.deleteNsNonces,
    ]) {
      s.run(ns);
    }
    dropOAuth(ns);
    return stmt.deleteNamespace.run(ns).changes > 0;
  };
  return {
    async get(ns) {
      return toNamespace(stmt.getNamespace.get(ns));
    },
    async create({ ns, seed: identities, seedHash, now }) {
      flush();
      db.transaction(() => {
        if (stmt.getNamespace.get(ns)) return;
        stmt.insertNamespace.run(ns, now, seedHash);
        seed(ns, identities);
      })();
      return toNamespace(stmt.getNamespace.get(ns))!;
    },
    async reset({ ns, seed: identities, seedHash, now }) {
      flush();
      db.transaction(() => {
        drop(ns);
        stmt.insertNamespace.run(ns, now, seedHash);
        seed(ns, identities);
      })();
      return toNamespace(stmt.getNamespace.get(ns))!;
    },
    async reseed({ ns, seed: identities, seedHash }) {
      flush();
      db.transaction(() => {
        seed(ns, identities);
        stmt.setSeedHash.run(seedHash, ns);
      })();
    },
    async update({ ns, clockOffsetMs, settings }) {
      flush();
      return db.transaction(() => {
        const current = toNamespace(stmt.getNamespace.get(ns));
        if (!current) return undefined;
        const offset = clockOffsetMs ?? current.clockOffsetMs;
        const next = settings ?? current.settings;
        stmt.updateNamespace.run(offset, JSON.stringify(next), ns);
        return { ...current, clockOffsetMs: offset, settings: structuredClone(next) };
      })();
    },
    async delete(ns) {
      flush();
      return db.transaction(() => drop(ns))();
    },
    async list() {
      return stmt.listNamespaces.all().map((row) => toNamespace(row)!);
    },
  };
}
