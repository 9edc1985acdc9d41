import type { RedisContext } from '../store/redis/redis-context.js';
import type { Journal, JournalEntry, JournalQuery, JournalRecord } from './journal.js';
import { prepareRedaction, type RedactOptions } from './redact.js';
import { toEntry } from './to-entry.js';
import { filteredEntry, filters, matchesFilter } from './matches-filter.js';
import { JournalFollower } from './journal-follower.js';

/** Entries read from the stream per round trip when a filter or a limit asks for them. */
const PAGE = 200;

export interface RedisJournalOptions {
  redis: RedisContext;
  /** entries each namespace keeps (--journal-size) */
  size: number;
  redaction: RedactOptions;
}

/**
 * The journal of every instance on one Redis: a stream per namespace, capped near `size`
 * (trimmed the cheap way, `MAXLEN ~`; reads never show more than `size`), whose entry ids
 * 0-1, 0-2, ... are the journal's ids, in the order Redis received the entries. An entry
 * is redacted before it leaves the process, and names the instance that served it.
 * `record` settles once Redis acknowledged the entry: the HTTP layer answers only then, so
 * the entry of every answered request survives a crash of the instance that served it.
 */
export class RedisJournal implements Journal {
  readonly size: number;
  private readonly redis: RedisContext;
  private readonly redaction: RedactOptions;
  private readonly follower: JournalFollower;

  constructor({ redis, size, redaction }: RedisJournalOptions) {
    this.redis = redis;
    this.size = size;
    this.redaction = prepareRedaction(redaction);
    this.follower = new JournalFollower({ redis, parse: parseEntry });
  }

  record({ ns, record }: { ns: string; record: JournalRecord }): Promise<void> {
    const { id: _id, ...entry } = toEntry(0, record, this.redaction);
    const json = JSON.stringify(entry);
    const { client, guard, keys } = this.redis;
    // `0-*`: Redis numbers the entries of the stream 0-1, 0-2, ... (and goes on after a clear)
    return guard(() => client.xadd(keys(ns).journal, 'MAXLEN', '~', this.size, '0-*', 'e', json)).then(() => undefined);
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
    const { client, guard, keys } = this.redis;
    if (!filters(filter)) return Math.min(await guard(() => client.xlen(keys(ns).journal)), this.size);
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

  close(): Promise<void> {
    return this.follower.close();
  }

  /**
   * The newest `size` entries, newest first, page by page, until `take` (the matches so
   * far) reaches `limit`. Without a filter a page asks for only as many as are wanted.
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
        seen++;
        if (take(parseEntry(id, fields)) >= limit) return;
      }
      if (page.length < want) return;
      end = `(${page[page.length - 1][0]}`;
    }
  }
}

/** A stream entry (id 0-<n>, field `e` the JSON of the entry without its id) as the journal shows it. */
export function parseEntry(id: string, fields: string[]): JournalEntry {
  const json = fields[fields.indexOf('e') + 1];
  return { id: Number(id.slice(id.indexOf('-') + 1)), ...(JSON.parse(json) as Omit<JournalEntry, 'id'>) };
}
