import type { Identity, NamespaceStore, SeedObject } from './store.js';
import type { SqliteRecords } from './sqlite-records.js';
import type { SqliteContext } from './sqlite-statements.js';
import { toNamespace } from './sqlite-rows.js';
import { writeIdentity } from './sqlite-identities.js';

/** The SQLite store's namespaces: each change one transaction, after the pending token inserts. */
export function createSqliteNamespaces(
  { db, stmt, flush }: SqliteContext,
  { dropOAuth, records }: { dropOAuth: (ns: string) => void; records: Pick<SqliteRecords, 'seed' | 'drop'> },
): NamespaceStore {
  const seed = (ns: string, identities: readonly Identity[], objects: readonly SeedObject[] = []) => {
    for (const identity of identities) writeIdentity(stmt, ns, identity, true);
    records.seed(ns, objects);
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
    records.drop(ns);
    return stmt.deleteNamespace.run(ns).changes > 0;
  };
  return {
    async get(ns) {
      return toNamespace(stmt.getNamespace.get(ns));
    },
    async create({ ns, seed: identities, objects, seedHash, now }) {
      flush();
      db.transaction(() => {
        if (stmt.getNamespace.get(ns)) return;
        stmt.insertNamespace.run(ns, now, seedHash);
        seed(ns, identities, objects);
      })();
      return toNamespace(stmt.getNamespace.get(ns))!;
    },
    async reset({ ns, seed: identities, objects, seedHash, now }) {
      flush();
      db.transaction(() => {
        drop(ns);
        stmt.insertNamespace.run(ns, now, seedHash);
        seed(ns, identities, objects);
      })();
      return toNamespace(stmt.getNamespace.get(ns))!;
    },
    async reseed({ ns, seed: identities, objects, seedHash }) {
      flush();
      db.transaction(() => {
        seed(ns, identities, objects);
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
