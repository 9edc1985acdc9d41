import type { CollectionRef, RecordStore, SeedObject, StoredObject } from './store.js';
import type { SqliteContext, Statement } from './sqlite-statements.js';
import { integerOf, pageOf } from './record-query.js';

/**
 * The collections' tables, created at open when missing (as the nonce table): an older file
 * gains them without a new state version. `seq` keeps creation order; the integer counter
 * ("one above the largest id it has held") is a row per collection and parent.
 */
export const RECORD_TABLES = `
CREATE TABLE IF NOT EXISTS records (
  ns TEXT NOT NULL, api TEXT NOT NULL, collection TEXT NOT NULL, parent TEXT NOT NULL, id TEXT NOT NULL,
  seq INTEGER NOT NULL, owner TEXT, object TEXT NOT NULL,
  PRIMARY KEY (ns, api, collection, parent, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS records_in_order ON records (ns, api, collection, parent, seq);
CREATE TABLE IF NOT EXISTS record_counters (
  ns TEXT NOT NULL, api TEXT NOT NULL, collection TEXT NOT NULL, parent TEXT NOT NULL, max_integer INTEGER NOT NULL, last_seq INTEGER NOT NULL,
  PRIMARY KEY (ns, api, collection, parent)
) WITHOUT ROWID;
`;

function prepareRecords(db: SqliteContext['db']) {
  const p = (sql: string): Statement => db.prepare(sql);
  const where = 'ns = ? AND api = ? AND collection = ? AND parent = ?';
  return {
    get: p(`SELECT id, owner, object FROM records WHERE ${where} AND id = ?`),
    insert: p('INSERT INTO records (ns, api, collection, parent, id, seq, owner, object) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    upsert: p(
      'INSERT INTO records (ns, api, collection, parent, id, seq, owner, object) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (ns, api, collection, parent, id) DO UPDATE SET owner = excluded.owner, object = excluded.object',
    ),
    replace: p(`UPDATE records SET object = ? WHERE ${where} AND id = ?`),
    delete: p(`DELETE FROM records WHERE ${where} AND id = ?`),
    // the page in SQL when nothing filters but the owner; the count beside it
    page: p(
      `SELECT id, owner, object FROM records WHERE ${where} AND (@visibleTo IS NULL OR owner IS NULL OR owner = @visibleTo) ` +
        'ORDER BY seq LIMIT @limit OFFSET @offset',
    ),
    count: p(`SELECT count(*) AS n FROM records WHERE ${where} AND (? IS NULL OR owner IS NULL OR owner = ?)`),
    all: p(`SELECT id, owner, object FROM records WHERE ${where} ORDER BY seq`),
    // one statement: the counters move on atomically
    bump: p(
      'INSERT INTO record_counters (ns, api, collection, parent, max_integer, last_seq) VALUES (?, ?, ?, ?, max(?, 0), 1) ' +
        'ON CONFLICT (ns, api, collection, parent) DO UPDATE SET max_integer = max(max_integer, excluded.max_integer), last_seq = last_seq + 1 ' +
        'RETURNING max_integer, last_seq',
    ),
    nextInteger: p(
      'INSERT INTO record_counters (ns, api, collection, parent, max_integer, last_seq) VALUES (?, ?, ?, ?, 1, 0) ' +
        'ON CONFLICT (ns, api, collection, parent) DO UPDATE SET max_integer = max_integer + 1 RETURNING max_integer',
    ),
    clearApi: p('DELETE FROM records WHERE ns = ? AND api = ? AND (? IS NULL OR collection = ?)'),
    clearCounters: p('DELETE FROM record_counters WHERE ns = ? AND api = ? AND (? IS NULL OR collection = ?)'),
    counts: p('SELECT collection, count(*) AS n FROM records WHERE ns = ? AND api = ? GROUP BY collection'),
    parents: p('SELECT DISTINCT parent FROM records WHERE ns = ? AND api = ? AND collection = ?'),
    dropRecords: p('DELETE FROM records WHERE ns = ?'),
    dropCounters: p('DELETE FROM record_counters WHERE ns = ?'),
  };
}

interface Row {
  id: string;
  owner: string | null;
  object: string;
}

const toObject = (row: Row): StoredObject => ({
  id: row.id,
  ...(row.owner !== null ? { owner: row.owner } : {}),
  object: JSON.parse(row.object) as Record<string, unknown>,
});

export interface SqliteRecords {
  store: RecordStore;
  /** writes seed objects over those with the same ids (inside the namespace's transaction) */
  seed(ns: string, objects: readonly SeedObject[]): void;
  /** forgets a namespace's objects (inside the namespace's transaction) */
  drop(ns: string): void;
}

/** The SQLite store's collections: each write one statement or transaction, after the pending token inserts. */
export function createSqliteRecords({ db, flush }: SqliteContext): SqliteRecords {
  const stmt = prepareRecords(db);
  const refOf = (r: CollectionRef) => [r.ns, r.api, r.collection, r.parent] as const;
  const write = (ref: CollectionRef, item: StoredObject, force: boolean): 'ok' | 'exists' => {
    if (!force && stmt.get.get(...refOf(ref), item.id)) return 'exists';
    const { last_seq } = stmt.bump.get(...refOf(ref), integerOf(item.id) ?? 0) as { last_seq: number };
    (force ? stmt.upsert : stmt.insert).run(...refOf(ref), item.id, last_seq, item.owner ?? null, JSON.stringify(item.object));
    return 'ok';
  };
  const store: RecordStore = {
    async create(args) {
      flush();
      return db.transaction(() => write(args, args.item, false))();
    },
    async get(args) {
      const row = stmt.get.get(...refOf(args), args.id) as Row | undefined;
      return row && toObject(row);
    },
    async list(args) {
      const ref = refOf(args);
      if (args.where && Object.keys(args.where).length > 0) return pageOf((stmt.all.all(...ref) as Row[]).map(toObject), args);
      const visibleTo = args.visibleTo ?? null;
      const rows = stmt.page.all(...ref, { visibleTo, limit: args.limit ?? -1, offset: args.offset ?? 0 }) as Row[];
      const { n } = stmt.count.get(...ref, visibleTo, visibleTo) as { n: number };
      return { items: rows.map(toObject), total: n };
    },
    async replace(args) {
      flush();
      return stmt.replace.run(JSON.stringify(args.object), ...refOf(args), args.id).changes > 0;
    },
    async delete(args) {
      flush();
      return stmt.delete.run(...refOf(args), args.id).changes > 0;
    },
    async nextInteger(args) {
      flush();
      // every write of an object made the collection's counter row, so it is above every integer id held
      return (stmt.nextInteger.get(...refOf(args)) as { max_integer: number }).max_integer;
    },
    async clear({ ns, api, collection }) {
      flush();
      return db.transaction(() => {
        const c = collection ?? null;
        stmt.clearCounters.run(ns, api, c, c);
        return stmt.clearApi.run(ns, api, c, c).changes;
      })();
    },
    async parents({ ns, api, collection }) {
      return (stmt.parents.all(ns, api, collection) as { parent: string }[]).map((row) => row.parent);
    },
    async counts({ ns, api }) {
      const out: Record<string, number> = {};
      for (const row of stmt.counts.all(ns, api) as { collection: string; n: number }[]) out[row.collection] = row.n;
      return out;
    },
  };
  return {
    store,
    seed: (ns, objects) => {
      for (const o of objects) write({ ns, api: o.api, collection: o.collection, parent: o.parent }, o, true);
    },
    drop: (ns) => {
      stmt.dropRecords.run(ns);
      stmt.dropCounters.run(ns);
    },
  };
}
