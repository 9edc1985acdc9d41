import type { Redis } from 'ioredis';
import type { RedisContext } from '../store/redis/redis-context.js';
import { defineScript, sendEach } from '../store/redis/define-scripts.js';
import { APPEND_BATCH } from './journal-scripts.js';
import { JournalBatch } from './journal-batch.js';
import type { EntryText } from './entry-encoder.js';
import { StaleNamespace } from './journal.js';

/** Exchanges in one stream entry at most (a script runs alone in Redis, and a reader parses a batch whole). */
const BATCH = 256;

/** Where one namespace's journal goes: its stream, its counter, the namespace's record, the size it keeps. */
export interface JournalTarget {
  key: string;
  seqKey: string;
  recordKey: string;
  size: number;
}

/**
 * Writes journal entries on a connection of its own, without auto-pipelining (the journal
 * groups its entries itself). On the store's connection an entry would wait behind the
 * commands already in flight there, as ioredis sends one auto-pipeline at a time: every
 * answer would wait two of them. Reconnects by itself, as the store's connection does.
 *
 * Group commit: a stream has one write in flight at most. Entries recorded meanwhile wait
 * and go together, as one stream entry, in the next one; when none is in flight, the
 * entries of this turn of the event loop go at its end. Each write costs both processes a
 * system call and a wake-up, which on a busy machine weighs more than the bytes: fewer,
 * larger writes.
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

  /**
   * Appends one entry to the target's stream; settles once Redis acknowledged it. With
   * `expect` (a namespace snapshot) only while the namespace's record is exactly so: else
   * nothing of its batch is kept and it rejects with StaleNamespace.
   */
  append(target: JournalTarget, entry: EntryText, expect = ''): Promise<void> {
    let queue = this.queues.get(target.key);
    if (!queue) {
      const started: JournalBatch[] = [];
      this.queues.set(target.key, (queue = started));
      setImmediate(() => void this.drain(target, started));
    }
    let batch = queue[queue.length - 1];
    if (!batch || batch.size >= BATCH || batch.expect !== expect) queue.push((batch = new JournalBatch(expect)));
    batch.add(entry);
    return batch.written;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.connection) (await this.connection).client.disconnect();
  }

  /** Writes the stream's batches one after the other, until none is left. */
  private async drain(target: JournalTarget, queue: JournalBatch[]): Promise<void> {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      try {
        const { append } = await this.connect();
        const last = await this.redis.guard(() =>
          append([target.key, target.seqKey, target.recordKey], [target.size, batch.size, batch.text(), batch.expect]),
        );
        batch.settle(Number(last) < 0 ? new StaleNamespace('the namespace changed since it was read') : undefined);
      } catch (err) {
        batch.settle(err);
      }
    }
    this.queues.delete(target.key);
  }

  /** The connection, made on first use; a failed first connect is retried by the client itself. */
  private connect(): Promise<{ client: Redis; append: ReturnType<typeof defineScript> }> {
    this.connection ??= (async () => {
      const client = this.redis.client.duplicate({ enableAutoPipelining: false });
      // a failure reaches the writes (503s are the store's to say); the store's connection tells of outages
      client.on('error', () => undefined);
      const append = defineScript(sendEach(client), 'appendBatch', APPEND_BATCH);
      await client.connect().catch(() => undefined);
      if (this.closed) client.disconnect();
      return { client, append };
    })();
    return this.connection;
  }
}
