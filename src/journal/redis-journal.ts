import type { RedisContext } from '../store/redis/redis-context.js';
import type { Journal, JournalEntry, JournalQuery, JournalRecord } from './journal.js';
import type { RedactOptions } from './redact.js';
import { createRedactor, type Redactor } from './redactor.js';
import { joinEntry, toEntryParts, type EntryHead } from './to-entry.js';
import { filteredEntry, filters, matchesFilter } from './matches-filter.js';
import { JournalFollower } from './journal-follower.js';
import { JournalWriter } from './journal-writer.js';

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
 * (trimmed the cheap way, `MAXLEN ~`; reads never show more than `size`), whose entry ids
 * 0-1, 0-2, ... are the journal's ids, in the order Redis received the entries. An entry
 * is redacted before it leaves the process, and names the instance that served it. The
 * bodies are stream fields of their own (`q`, `r`) beside the rest as JSON (`e`): the
 * text of a JSON answer is not escaped into another JSON text on every request. The
 * entries go to Redis in groups, on a connection of their own (journal-writer.ts), so
 * under load a request costs a share of a write.
 * `record` settles once Redis acknowledged the entry: the HTTP layer answers only then, so
 * the entry of every answered request survives a crash of the instance that served it.
 */
export class RedisJournal implements Journal {
  readonly size: number;
  private readonly redis: RedisContext;
  private readonly redactor: Redactor;
  private readonly follower: JournalFollower;
  private readonly writer: JournalWriter;

  constructor({ redis, size, redaction }: RedisJournalOptions) {
    this.redis = redis;
    this.size = size;
    this.redactor = createRedactor(redaction, { remember: BODIES_REMEMBERED });
    this.follower = new JournalFollower({ redis, parse: parseEntry });
    this.writer = new JournalWriter(redis);
  }

  record({ ns, record }: { ns: string; record: JournalRecord }): Promise<void> {
    const { head, requestBody, responseBody } = toEntryParts(record, this.redactor);
    const fields = [JSON.stringify(head), requestBody, responseBody] as const;
    return this.writer.append({ key: this.redis.keys(ns).journal, size: this.size, fields });
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

  async close(): Promise<void> {
    await Promise.all([this.follower.close(), this.writer.close()]);
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

/** A stream entry (id 0-<n>; `e` the JSON of the entry without its id and bodies, `q` and `r` the bodies) as the journal shows it. */
export function parseEntry(id: string, fields: string[]): JournalEntry {
  const field = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  return joinEntry(Number(id.slice(id.indexOf('-') + 1)), JSON.parse(field('e')) as EntryHead, field('q'), field('r'));
}
