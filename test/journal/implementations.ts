import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import type { Journal } from '../../src/journal/journal.js';
import { MemoryJournal } from '../../src/journal/memory-journal.js';
import { RedisJournal } from '../../src/journal/redis-journal.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../redis/support/redis-server.js';

export const TOKEN_SHAPES = [/^[0-9a-z]{32}$/];

/** One Journal implementation the shared suite runs against. */
export interface JournalImplementation {
  name: string;
  /** instances opened together share one journal (as instances on one Redis do) */
  shared: boolean;
  /** a fresh, empty journal keeping `size` entries per namespace; `again` opens another instance's on the same backend */
  open(args: { size: number; again?: boolean }): Promise<Journal>;
  close(journal: Journal): Promise<void>;
  /** everything the backend holds of a namespace's journal, as text (undefined: it never leaves the process) */
  raw(journal: Journal, ns: string): Promise<string | undefined>;
}

let server: Promise<RedisServer> | undefined;
afterAll(async () => {
  if (server) await (await server).dispose();
  server = undefined;
});
const stores = new Map<Journal, RedisStore>();

/**
 * Every implementation of the Journal interface: in memory, and in Redis (a throw-away
 * redis-server per test file, emptied for each fresh journal; absent without redis-server
 * off CI).
 */
export const JOURNAL_IMPLEMENTATIONS: readonly JournalImplementation[] = [
  {
    name: 'memory',
    shared: false,
    open: async ({ size }) => new MemoryJournal(size, { tokenShapes: TOKEN_SHAPES }),
    close: (journal) => journal.close(),
    raw: async () => undefined,
  },
  ...(SKIP_REDIS
    ? []
    : [
        {
          name: 'redis',
          shared: true,
          open: async ({ size, again }: { size: number; again?: boolean }) => {
            server ??= startRedis();
            const { url } = await server;
            if (!again) {
              const admin = new Redis(url);
              await admin.flushdb();
              admin.disconnect();
            }
            const store = await RedisStore.open(url);
            const journal = new RedisJournal({ redis: store.context, size, redaction: { tokenShapes: TOKEN_SHAPES } });
            stores.set(journal, store);
            return journal;
          },
          close: async (journal: Journal) => {
            await journal.close();
            await stores.get(journal)?.close();
            stores.delete(journal);
          },
          raw: async (journal: Journal, ns: string) => {
            const { client, keys } = stores.get(journal)!.context;
            return JSON.stringify(await client.xrange(keys(ns).journal, '-', '+'));
          },
        },
      ]),
];
