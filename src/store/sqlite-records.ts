import type { CollectionRef, RecordStore, SeedObject, StoredObject } from './store.js';
import type { SqliteContext, Statement } from './sqlite-statements.js';
import { filtersProperties, integerOf, pageOf } from './record-query.js';
import { CollectionOrder, type Placed } from './record-order.js';

/**
 * The collections' tables, created at open when missing (as the nonce table): an older file
 * gains them without a new state version. `seq` keeps creation order; the integer counter
 * ("one above the largest id it has held") is a row per collection and parent.
 */
const RECORD_TABLES = `
CREATE TABLE IF NOT EXISTS records (
  ns TEXT NOT NULL, api TEXT NOT NULL, collection TEXT NOT NULL, parent TEXT NOT NULL, id TEXT NOT NULL,
  seq INTEGER NOT NULL, owner TEXT, object TEXT NOT NULL,
  PRIMARY KEY (ns, api, collection, parent, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS records_in_order ON records (ns, api, collection, parent, seq);
CREATE INDEX IF NOT EXISTS records_by_owner ON records (ns, api, collection, parent, owner, seq);
CREATE TABLE IF NOT EXISTS record_counters (
  ns TEXT NOT NULL, api TEXT NOT NULL, collection TEXT NOT NULL, parent TEXT NOT NULL, max_integer INTEGER NOT NULL, last_seq INTEGER NOT NULL,
  PRIMARY KEY (ns, api, collection, parent)
) WITHOUT ROWID;
`;

/**
 * How many objects each owner ('' for none) holds in a collection and parent, kept with every
 * write: the control API's counts and a nested collection's parents are then lookups, not
 * counts of a hundred thousand rows. Made at open, and filled from the records when it is new.
 */
const OWNER_COUNTS = `
CREATE TABLE record_owner_counts (
  ns TEXT NOT NULL, api TEXT NOT NULL, collection TEXT NOT NULL, parent TEXT NOT NULL, owner TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (ns, api, collection, parent, owner)
) WITHOUT ROWID;
INSERT INTO record_owner_counts SELECT ns, api, collection, parent, coalesce(owner, ''), count(*) FROM records GROUP BY 1, 2, 3, 4, 5;
`;

/** Makes the collections' tables where they are missing. */
export function createRecordTables(db: SqliteContext['db']): void {
  db.exec(RECORD_TABLES);
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'record_owner_counts'").get();
  if (!has) db.transaction(() => db.exec(OWNER_COUNTS))();
}

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
    // the collection's order, read once into the process (record-order.ts)
    order: p(`SELECT id, seq, owner FROM records WHERE ${where} ORDER BY seq`),
    ownerOf: p(`SELECT owner FROM records WHERE ${where} AND id = ?`),
    countOwner: p(
      'INSERT INTO record_owner_counts (ns, api, collection, parent, owner, n) VALUES (?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (ns, api, collection, parent, owner) DO UPDATE SET n = n + excluded.n',
    ),
    clearOwnerCounts: p('DELETE FROM record_owner_counts WHERE ns = ? AND api = ? AND (? IS NULL OR collection = ?)'),
    dropOwnerCounts: p('DELETE FROM record_owner_counts WHERE ns = ?'),
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
    counts: p('SELECT collection, sum(n) AS n FROM record_owner_counts WHERE ns = ? AND api = ? GROUP BY collection HAVING sum(n) > 0'),
    parents: p('SELECT DISTINCT parent FROM record_owner_counts WHERE ns = ? AND api = ? AND collection = ? AND n > 0'),
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
  const count = (ref: CollectionRef, owner: string | null | undefined, by: number) => stmt.countOwner.run(...refOf(ref), owner ?? '', by);
  /** a new object's place once written (a seed over an old id keeps the old place); `exists` when its id is taken and not `force` */
  const write = (ref: CollectionRef, item: StoredObject, force: boolean): Placed | 'exists' => {
    const old = stmt.ownerOf.get(...refOf(ref), item.id) as { owner: string | null } | undefined;
    if (old && !force) return 'exists';
    const { last_seq } = stmt.bump.get(...refOf(ref), integerOf(item.id) ?? 0) as { last_seq: number };
    (force ? stmt.upsert : stmt.insert).run(...refOf(ref), item.id, last_seq, item.owner ?? null, JSON.stringify(item.object));
    if (old) count(ref, old.owner, -1);
    count(ref, item.owner, 1);
    return { seq: last_seq, id: item.id, owner: item.owner ?? null };
  };
  /**
   * Each collection's order, read from the file on its first list and kept with every write
   * this process makes (it alone writes the file). Dropped where a write's effect on it is
   * not followed one by one: a clear, a namespace's seeding or removal.
   */
  const orders = new Map<string, CollectionOrder>();
  const orderKey = (ref: readonly string[]) => ref.join('\u0000');
  const orderOf = (ref: readonly string[]): CollectionOrder => {
    const key = orderKey(ref);
    let order = orders.get(key);
    if (!order) orders.set(key, (order = new CollectionOrder(stmt.order.all(...ref) as Placed[])));
    return order;
  };
  const dropOrders = (ns: string, api?: string) => {
    for (const key of orders.keys()) if (key.startsWith(`${ns}\u0000${api === undefined ? '' : `${api}\u0000`}`)) orders.delete(key);
  };
  const store: RecordStore = {
    async create(args) {
      flush();
      const placed = db.transaction(() => write(args, args.item, false))();
      if (placed === 'exists') return 'exists';
      orders.get(orderKey(refOf(args)))?.add(placed);
      return 'ok';
    },
    async get(args) {
      const row = stmt.get.get(...refOf(args), args.id) as Row | undefined;
      return row && toObject(row);
    },
    async list(args) {
      const ref = refOf(args);
      if (filtersProperties(args)) return pageOf((stmt.all.all(...ref) as Row[]).map(toObject), args);
      const order = orderOf(ref);
      const keys = order.page(args.offset ?? 0, args.limit ?? -1, args.visibleTo);
      return { items: keys.map((k) => toObject(stmt.get.get(...ref, k.id) as Row)), total: order.total(args.visibleTo) };
    },
    async replace(args) {
      flush();
      return stmt.replace.run(JSON.stringify(args.object), ...refOf(args), args.id).changes > 0;
    },
    async delete(args) {
      flush();
      const gone = db.transaction(() => {
        const old = stmt.ownerOf.get(...refOf(args), args.id) as { owner: string | null } | undefined;
        if (!old) return false;
        stmt.delete.run(...refOf(args), args.id);
        count(args, old.owner, -1);
        return true;
      })();
      if (gone) orders.get(orderKey(refOf(args)))?.remove(args.id);
      return gone;
    },
    async nextInteger(args) {
      flush();
      // every write of an object made the collection's counter row, so it is above every integer id held
      return (stmt.nextInteger.get(...refOf(args)) as { max_integer: number }).max_integer;
    },
    async clear({ ns, api, collection }) {
      flush();
      dropOrders(ns, api);
      return db.transaction(() => {
        const c = collection ?? null;
        stmt.clearCounters.run(ns, api, c, c);
        stmt.clearOwnerCounts.run(ns, api, c, c);
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
      dropOrders(ns);
      for (const o of objects) write({ ns, api: o.api, collection: o.collection, parent: o.parent }, o, true);
    },
    drop: (ns) => {
      dropOrders(ns);
      stmt.dropRecords.run(ns);
      stmt.dropCounters.run(ns);
      stmt.dropOwnerCounts.run(ns);
    },
  };
}
