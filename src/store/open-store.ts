import type { Store } from './store.js';
import { MemoryStore } from './memory-store.js';
import { SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';

/** `memory` keeps nothing; anything else is the directory of the SQLite state file. */
export function openStore(state: string, options: SqliteStoreOptions = {}): Store {
  return state === 'memory' ? new MemoryStore() : new SqliteStore(state, options);
}
