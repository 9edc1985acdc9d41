import type { Redis } from 'ioredis';
import type { RedisContext } from '../store/redis/redis-context.js';
import { defineScript } from '../store/redis/define-scripts.js';
import { APPEND_ENTRIES } from './journal-scripts.js';
import { JournalBatch, type EntryFields } from './journal-batch.js';

/** Entries appended in one command at most (a script runs alone in Redis: keep each short). */
const BATCH = 256;

/**
 * Writes journal entries on a connection of its own, without auto-pipelining (the journal
 * groups its entries itself). On the store's connection an entry would wait behind the
 * commands already in flight there, as ioredis sends one auto-pipeline at a time: every
 * answer would wait two of them. Reconnects by itself, as the store's connection does.
 *
 * Group commit: a stream has one write in flight at most. Entries recorded meanwhile wait
 * and go together in the next one; when none is in flight, the entries of this turn of the
 * event loop go at its end. Each write costs both processes a system call and a wake-up,
 * which on a busy machine weighs more than the bytes: fewer, larger writes.
 */
export class JournalWriter {
  private readonly redis: RedisContext;
  /** per stream being written, its batches waiting (the one being written is not among them) */
  private readonly queues = new Map<string, JournalBatch[]>();
  private connection?: Promise<{ client: Redis; append: ReturnType<typeof defineScript> }>;
  private closed = false;

  constructor(redis: RedisContext) {
    this.redis = redis;
  }

  /** Appends one entry to the stream `key`, trimmed near `size`; settles once Redis acknowledged it. */
  append({ key, size, fields }: { key: string; size: number; fields: EntryFields }): Promise<void> {
    let queue = this.queues.get(key);
    if (!queue) {
      const started: JournalBatch[] = [];
      this.queues.set(key, (queue = started));
      setImmediate(() => void this.drain(key, size, started));
    }
    let batch = queue[queue.length - 1];
    if (!batch || batch.size >= BATCH) queue.push((batch = new JournalBatch()));
    batch.add(fields);
    return batch.written;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.connection) (await this.connection).client.disconnect();
  }

  /** Writes the stream's batches one after the other, until none is left. */
  private async drain(key: string, size: number, queue: JournalBatch[]): Promise<void> {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      try {
        await this.write(key, size, batch);
        batch.settle();
      } catch (err) {
        batch.settle(err);
      }
    }
    this.queues.delete(key);
  }

  private async write(key: string, size: number, batch: JournalBatch): Promise<void> {
    const { client, append } = await this.connect();
    // `0-*`: Redis numbers the entries of the stream 0-1, 0-2, ... (and goes on after a clear).
    // One entry is one XADD (a script costs Redis more than the command); more, one script call.
    const [json, request, response] = batch.first!;
    await this.redis.guard(() =>
      batch.size === 1
        ? client.xadd(key, 'MAXLEN', '~', size, '0-*', 'e', json, 'q', request, 'r', response)
        : append([key], [size, ...batch.args()]),
    );
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
