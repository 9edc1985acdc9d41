import type { Store } from './store.js';
import type { RedisContext } from './redis/redis-context.js';
import { MemoryStore } from './memory-store.js';
import { SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
import { isRedisUrl } from './redis/redis-url.js';
import { ReadCacheStore } from './read-cache-store.js';

export interface OpenStoreOptions extends SqliteStoreOptions {
  /** a Redis command unanswered this long fails as unavailable (ms) */
  redisCommandTimeoutMs?: number;
}

/** The opened state; for Redis also its connection, which the journal and the steering rules share. */
export interface OpenedState {
  store: Store;
  redis?: RedisContext;
}

/**
 * `memory` keeps nothing; anything else is the directory of the SQLite state file. Both
 * are written by this process alone, so what each request reads is kept in front of them
 * (read-cache-store.ts). A Redis URL needs a connection first: use openStoreAsync.
 */
export function openStore(state: string, options: SqliteStoreOptions = {}): Store {
  if (isRedisUrl(state)) throw new Error('a Redis state is opened with openStoreAsync (connecting is asynchronous)');
  return new ReadCacheStore(state === 'memory' ? new MemoryStore() : new SqliteStore(state, options));
}

/**
 * As openStore, and `redis://host:port/db` or `rediss://` (a password may be in the URL):
 * connects and loads the secret key before it returns, or fails naming the URL without
 * its password. ioredis is loaded only for a Redis state.
 */
export async function openStoreAsync(state: string, options: OpenStoreOptions = {}): Promise<Store> {
  return (await openState(state, options)).store;
}

/**
 * As openStoreAsync, with Redis's connection for the parts of the server kept beside the
 * store (the journal, steering rules). Redis is read through the read cache in its shared
 * mode: the namespace's version, read with its record, tells of other processes' writes.
 */
export async function openState(state: string, options: OpenStoreOptions = {}): Promise<OpenedState> {
  if (!isRedisUrl(state)) return { store: openStore(state, options) };
  const { RedisStore } = await import('./redis-store.js');
  const redis = await RedisStore.open(state, { notice: options.notice, commandTimeoutMs: options.redisCommandTimeoutMs });
  return { store: new ReadCacheStore(redis, { shared: true }), redis: redis.context };
}
