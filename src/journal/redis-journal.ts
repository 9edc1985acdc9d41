import type { RedisContext } from '../store/redis/redis-context.js';
import { defineScript } from '../store/redis/define-scripts.js';
import type { Journal, JournalEntry, JournalQuery, JournalRecord } from './journal.js';
import type { RedactOptions } from './redact.js';
import { createRedactor } from './redactor.js';
import { joinEntry, type EntryShape } from './to-entry.js';
import { EntryEncoder } from './entry-encoder.js';
import { filteredEntry, filters, matchesFilter } from './matches-filter.js';
import { JournalFollower } from './journal-follower.js';
import { JournalWriter } from './journal-writer.js';
import { parseBatch } from './journal-batch.js';
import { COUNT_EXCHANGES } from './journal-scripts.js';

/** Entries read from the stream per round trip when a filter or a limit asks for them. */
const PAGE = 200;
/** Masked bodies remembered: every entry is masked as it is recorded, and most answers repeat. */
const BODIES_REMEMBERED = 256;

export interface RedisJournalOptions {
  redis: RedisContext;
  /** entries each namespace keeps (--journal-size) */
  size: number;
  redaction: RedactOptions;
}

/**
 * The journal of every instance on one Redis: a stream per namespace, capped near `size`
 * (trimmed the cheap way; reads never show more than `size`). Entries go to Redis in
 * batches, on a connection of their own (journal-writer.ts), one stream entry per batch
 * (journal-scripts.ts): under load a request costs a share of one write. The journal's
 * ids 1, 2, ... are numbered by Redis in the order it received the batches. An entry is
 * redacted before it leaves the process, and names the instance that served it.
 * `record` settles once Redis acknowledged the entry: the HTTP layer answers only then, so
 * the entry of every answered request survives a crash of the instance that served it.
 */
export class RedisJournal implements Journal {
  readonly size: number;
  readonly checksNamespace = true;
  private readonly redis: RedisContext;
  private readonly encoder: EntryEncoder;
  private readonly follower: JournalFollower;
  private readonly writer: JournalWriter;
  private readonly countExchanges: ReturnType<typeof defineScript>;

  constructor({ redis, size, redaction }: RedisJournalOptions) {
    this.redis = redis;
    this.size = size;
    this.encoder = new EntryEncoder(createRedactor(redaction, { remember: BODIES_REMEMBERED }));
    this.follower = new JournalFollower({ redis, parse: entriesOf });
    this.writer = new JournalWriter(redis);
    this.countExchanges = defineScript(redis.send, 'countJournal', COUNT_EXCHANGES);
  }

  record({ ns, record, expect = '' }: { ns: string; record: JournalRecord; expect?: string }): Promise<void> {
    const keys = this.redis.keys(ns);
    return this.writer.append(
      { key: keys.journal, seqKey: keys.journalSeq, recordKey: keys.record, size: this.size },
      this.encoder.encode(record),
      expect,
    );
  }

  async list({ ns, filter = {} }: JournalQuery): Promise<JournalEntry[]> {
    const out: JournalEntry[] = [];
    await this.scan(ns, filter.limit ?? Infinity, filters(filter), (entry) => {
      if (matchesFilter(filteredEntry(entry), filter)) out.push(entry);
      return out.length;
    });
    return out;
  }

  async count({ ns, filter = {} }: JournalQuery): Promise<number> {
    const { guard, keys } = this.redis;
    if (!filters(filter)) return Number(await guard(() => this.countExchanges([keys(ns).journal], [this.size])));
    let n = 0;
    await this.scan(ns, Infinity, true, (entry) => (matchesFilter(filteredEntry(entry), filter) ? ++n : n));
    return n;
  }

  async clear({ ns }: { ns: string }): Promise<void> {
    const { client, guard, keys } = this.redis;
    // trimmed, not deleted: the ids go on counting, so the inspectors following it miss nothing
    await guard(() => client.xtrim(keys(ns).journal, 'MAXLEN', 0));
  }

  subscribe({ ns, listener }: { ns: string; listener: (entry: JournalEntry) => void }): () => void {
    return this.follower.follow({ ns, listener });
  }

  async close(): Promise<void> {
    await Promise.all([this.follower.close(), this.writer.close()]);
  }

  /**
   * The newest `size` entries, newest first, page by page, until `take` (the matches so
   * far) reaches `limit`. Without a filter a page asks for only as many stream entries as
   * exchanges are wanted (each holds one at least).
   */
  private async scan(ns: string, limit: number, filtered: boolean, take: (entry: JournalEntry) => number): Promise<void> {
    const { client, guard, keys } = this.redis;
    const key = keys(ns).journal;
    let end = '+';
    let seen = 0;
    while (seen < this.size) {
      const want = Math.min(filtered ? PAGE : Math.min(limit, PAGE), this.size - seen);
      if (want <= 0) return;
      const page = await guard(() => client.xrevrange(key, end, '-', 'COUNT', want));
      for (const [id, fields] of page) {
        const entries = entriesOf(id, fields);
        for (let i = entries.length - 1; i >= 0 && seen < this.size; i--) {
          seen++;
          if (take(entries[i]) >= limit) return;
        }
      }
      // fewer stream entries than asked for: the stream is read to its start
      if (page.length < want) return;
      end = `(${page[page.length - 1][0]}`;
    }
  }
}

/**
 * A stream entry's exchanges as the journal shows them, oldest first: a batch (`n`, `b`:
 * journal-batch.ts) whose last exchange has the entry's id, or one exchange of a journal
 * written before batches (`e` the JSON of the entry without its id and bodies, `q` and
 * `r` the bodies), its id the entry's.
 */
export function entriesOf(id: string, fields: string[]): JournalEntry[] {
  const field = (name: string) => {
    for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  const last = Number(id.slice(id.indexOf('-') + 1));
  const batch = field('b');
  if (batch === undefined) {
    const { time, durationMs, ...shape } = JSON.parse(field('e') ?? '{}') as EntryShape & { time: string; durationMs: number };
    return [joinEntry(last, shape, time, durationMs, field('q') ?? '', field('r') ?? '')];
  }
  const parts = parseBatch(batch);
  const first = last - parts.length + 1;
  return parts.map((p, i) => joinEntry(first + i, p.shape, new Date(p.time).toISOString(), p.durationMs, p.request, p.response));
}
