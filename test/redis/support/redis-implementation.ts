import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import { RedisStore } from '../../../src/store/redis-store.js';
import { ReadCacheStore } from '../../../src/store/read-cache-store.js';
import type { Store } from '../../../src/store/store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './redis-server.js';

let server: Promise<RedisServer> | undefined;
// Registered while the importing test file is collected: its Redis goes with it.
afterAll(async () => {
  if (server) await (await server).dispose();
  server = undefined;
});

/**
 * The Redis entry of the shared store suite: one throw-away redis-server per test file,
 * emptied (FLUSHDB) before each store is opened, so every test starts from nothing.
 * Absent when redis-server is missing off CI, as the browser tests skip without Chromium.
 */
export const REDIS_IMPLEMENTATION = SKIP_REDIS
  ? []
  : [
      {
        name: 'redis',
        open: async (): Promise<Store> => RedisStore.open(await emptyRedis()),
        close: (store: Store) => store.close(),
      },
      {
        // what `authmock serve --state redis://` opens (src/store/open-store.ts)
        name: 'redis behind the shared read cache',
        kind: 'redis',
        open: async (): Promise<Store> => new ReadCacheStore(await RedisStore.open(await emptyRedis()), { shared: true }),
        close: (store: Store) => store.close(),
      },
    ];

/** The URL of this test file's redis-server, emptied. */
async function emptyRedis(): Promise<string> {
  server ??= startRedis();
  const { url } = await server;
  const admin = new Redis(url);
  await admin.flushdb();
  admin.disconnect();
  return url;
}
