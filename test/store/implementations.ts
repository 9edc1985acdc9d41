import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/memory-store.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { ReadCacheStore } from '../../src/store/read-cache-store.js';
import { REDIS_IMPLEMENTATION } from '../redis/support/redis-implementation.js';

/** One Store implementation the shared suite runs against: how to get a fresh one and how to dispose of it. */
export interface StoreImplementation {
  name: string;
  /** the store's `kind` when it is not the name */
  kind?: string;
  open(): Promise<Store>;
  close(store: Store): Promise<void>;
}

const sqliteDirs = new WeakMap<Store, string>();

/** SQLite in a throw-away directory, as it is or wrapped; the directory goes with the store. */
function sqliteImplementation(name: string, wrap: (store: SqliteStore) => Store): StoreImplementation {
  return {
    name,
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'authmock-store-'));
      const store = wrap(new SqliteStore(dir));
      sqliteDirs.set(store, dir);
      return store;
    },
    close: async (store) => {
      await store.close();
      const dir = sqliteDirs.get(store);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every implementation of the Store interface. A new backend (Redis) is one more entry
 * here; test/store/store.test.ts then runs every operation against it.
 */
export const STORE_IMPLEMENTATIONS: readonly StoreImplementation[] = [
  {
    name: 'memory',
    open: async () => new MemoryStore(),
    close: (store) => store.close(),
  },
  sqliteImplementation('sqlite', (store) => store),
  // what `authmock serve` opens: the read cache in front of SQLite (src/store/open-store.ts)
  { ...sqliteImplementation('sqlite behind the read cache', (store) => new ReadCacheStore(store)), kind: 'sqlite' },
  {
    name: 'memory behind the read cache',
    kind: 'memory',
    open: async () => new ReadCacheStore(new MemoryStore()),
    close: (store) => store.close(),
  },
  // a throw-away redis-server per test file (test/redis/support); none when it is missing off CI
  ...REDIS_IMPLEMENTATION,
];
