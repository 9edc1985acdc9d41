import type { Redis } from 'ioredis';
import type { RedisContext } from '../store/redis/redis-context.js';
import type { JournalEntry } from './journal.js';

/** How long one read waits for new entries before it looks at the set of namespaces again. */
const BLOCK_MS = 1000;
/** The pause after a failed read (Redis away) before the next. */
const RETRY_MS = 500;

interface Watched {
  key: string;
  /** the id of the last entry passed on; undefined until it is read (the stream's newest entry then) */
  lastId?: string;
  listeners: Set<(entry: JournalEntry) => void>;
}

export interface JournalFollowerOptions {
  redis: RedisContext;
  /** a stream entry's exchanges, oldest first */
  parse: (id: string, fields: string[]) => JournalEntry[];
}

/**
 * Follows the journal streams of the namespaces someone watches through this instance (the
 * inspector's live view), whichever instance wrote the entries: one blocking XREAD for
 * all of them, on a connection of its own (a blocked connection answers nothing else).
 * A namespace newly watched wakes the read, so it is followed at once.
 */
export class JournalFollower {
  private readonly redis: RedisContext;
  private readonly parse: JournalFollowerOptions['parse'];
  private readonly watched = new Map<string, Watched>();
  private reader?: { client: Redis; id: number };
  private running = false;
  private closed = false;

  constructor({ redis, parse }: JournalFollowerOptions) {
    this.redis = redis;
    this.parse = parse;
  }

  follow({ ns, listener }: { ns: string; listener: (entry: JournalEntry) => void }): () => void {
    let watched = this.watched.get(ns);
    if (!watched) {
      watched = { key: this.redis.keys(ns).journal, listeners: new Set() };
      this.watched.set(ns, watched);
      this.wake();
    }
    const mine = watched;
    mine.listeners.add(listener);
    return () => {
      mine.listeners.delete(listener);
      if (mine.listeners.size === 0 && this.watched.get(ns) === mine) this.watched.delete(ns);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watched.clear();
    this.reader?.client.disconnect();
  }

  /** Starts the reading loop, or interrupts its blocked read so it reads the new set of streams. */
  private wake(): void {
    if (!this.running) {
      this.running = true;
      void this.loop().finally(() => (this.running = false));
      return;
    }
    const reader = this.reader;
    if (reader) void this.redis.client.client('UNBLOCK', reader.id).catch(() => undefined);
  }

  private async loop(): Promise<void> {
    while (!this.closed && this.watched.size > 0) {
      try {
        const reader = await this.connect();
        await this.startNew();
        const all = [...this.watched.values()];
        const reply = (await reader.xread(
          'COUNT',
          500,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          ...all.map((w) => w.key),
          ...all.map((w) => w.lastId!),
        )) as [string, [string, string[]][]][] | null;
        for (const [key, entries] of reply ?? [])
          this.pass(
            all.find((w) => w.key === key)!,
            entries,
          );
      } catch {
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** A stream newly watched is followed from its newest entry on. */
  private async startNew(): Promise<void> {
    for (const watched of this.watched.values()) {
      if (watched.lastId !== undefined) continue;
      const newest = await this.redis.client.xrevrange(watched.key, '+', '-', 'COUNT', 1);
      watched.lastId = newest[0]?.[0] ?? '0-0';
    }
  }

  private pass(watched: Watched, entries: [string, string[]][]): void {
    for (const [id, fields] of entries) {
      watched.lastId = id;
      for (const entry of this.parse(id, fields)) for (const listener of watched.listeners) listener(entry);
    }
  }

  private async connect(): Promise<Redis> {
    if (this.reader) return this.reader.client;
    const client = this.redis.client.duplicate({ commandTimeout: BLOCK_MS + 2000 });
    // a failure reaches the read, which tries again; the store's connection tells of outages
    client.on('error', () => undefined);
    try {
      await client.connect();
      const reader = { client, id: Number(await client.client('ID')) };
      // a new connection after Redis came back has another id: the wake-up must name it
      client.on(
        'ready',
        () =>
          void client.client('ID').then(
            (id) => (reader.id = Number(id)),
            () => undefined,
          ),
      );
      this.reader = reader;
    } catch (err) {
      client.disconnect();
      throw err;
    }
    if (this.closed) client.disconnect();
    return client;
  }
}
