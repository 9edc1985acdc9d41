import type { Redis } from 'ioredis';
import type { RedisContext } from '../store/redis/redis-context.js';
import { defineScript } from '../store/redis/define-scripts.js';
import { APPEND_ENTRIES } from './journal-scripts.js';

/**
 * Writes journal entries on a connection of its own, without auto-pipelining (the journal
 * groups its entries itself). On the store's connection an entry would wait behind the
 * commands already in flight there, as ioredis sends one auto-pipeline at a time: every
 * answer would wait two of them. Reconnects by itself, as the store's connection does.
 */
export class JournalWriter {
  private readonly redis: RedisContext;
  private connection?: Promise<{ client: Redis; append: ReturnType<typeof defineScript> }>;
  private closed = false;

  constructor(redis: RedisContext) {
    this.redis = redis;
  }

  /** Appends the entries (per entry: JSON, request body, answer body) to the stream `key`, trimmed near `size`. */
  async write({ key, size, args }: { key: string; size: number; args: string[] }): Promise<void> {
    const { client, append } = await this.connect();
    // `0-*`: Redis numbers the entries of the stream 0-1, 0-2, ... (and goes on after a clear).
    // One entry is one XADD (a script costs Redis more than the command); more, one script call.
    await this.redis.guard(() =>
      args.length === 3
        ? client.xadd(key, 'MAXLEN', '~', size, '0-*', 'e', args[0], 'q', args[1], 'r', args[2])
        : append([key], [size, ...args]),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.connection) (await this.connection).client.disconnect();
  }

  /** The connection, made on first use; a failed first connect is retried by the client itself. */
  private connect(): Promise<{ client: Redis; append: ReturnType<typeof defineScript> }> {
    this.connection ??= (async () => {
      const client = this.redis.client.duplicate({ enableAutoPipelining: false });
      // a failure reaches the writes (503s are the store's to say); the store's connection tells of outages
      client.on('error', () => undefined);
      const append = defineScript(client, 'appendEntries', APPEND_ENTRIES);
      await client.connect().catch(() => undefined);
      if (this.closed) client.disconnect();
      return { client, append };
    })();
    return this.connection;
  }
}
