import type { Journal, JournalEntry, JournalQuery, JournalRecord } from './journal.js';
import type { RedactOptions } from './redact.js';
import { createRedactor, type Redactor } from './redactor.js';
import { toEntry } from './to-entry.js';
import { matchesFilter, type Filtered } from './matches-filter.js';
import { rememberable, sameShape } from './same-shape.js';

/** Recent shapes remembered: traffic under load is a few requests again and again. */
const SHAPES_REMEMBERED = 8;

/**
 * A namespace's entries, column by column, a circular buffer: `length` entries from `head`
 * (the oldest) on, their ids consecutive up to `lastId`. An entry is what only it holds (its
 * time, duration and bodies) and the record whose shape (all the rest) it shares. Columns
 * of numbers are kept unboxed, and a shape and a body equal to the shape's are objects
 * already kept: an entry like the one before it leaves the young generation nothing to copy
 * and promote, where an object per entry lived through two young collections and died in
 * the old generation.
 */
interface Ring {
  /** the record of the first exchange of the entry's shape (its own when it shares none) */
  shapes: (JournalRecord | undefined)[];
  times: number[];
  durations: number[];
  requestBodies: (Buffer | undefined)[];
  responseBodies: (string | undefined)[];
  /** roughly what each entry holds, for the byte budget */
  bytes: number[];
  /** the redacted views, made on first read */
  views: (JournalEntry | undefined)[];
  head: number;
  length: number;
  lastId: number;
  listeners: Set<(entry: JournalEntry) => void>;
}

/** What all namespaces' rings may hold together: 1000 namespaces of 1000 16-KiB bodies would not fit in memory. */
export const DEFAULT_BYTE_BUDGET = 64 * 1024 * 1024;

/**
 * A bounded ring per namespace, in this process's memory. Recording stores the raw pieces
 * (an object and a push: the journal is on by default and must cost next to nothing);
 * redaction happens when an entry is first read, and the view is kept. A crash loses it:
 * with a Redis state the journal is kept in Redis instead (redis-journal.ts).
 */
export class MemoryJournal implements Journal {
  private readonly rings = new Map<string, Ring>();
  private bytes = 0;
  /** records of recent shapes, the most recent first */
  private readonly shapes: JournalRecord[] = [];

  private readonly redactor: Redactor;
  /** a memory journal lives beside no store another process writes: nothing to check */
  readonly checksNamespace = false;

  constructor(
    readonly size: number,
    redaction: RedactOptions = {},
    private readonly byteBudget = DEFAULT_BYTE_BUDGET,
  ) {
    this.redactor = createRedactor(redaction);
  }

  record({ ns, record }: { ns: string; record: JournalRecord }): void {
    if (this.size === 0) return;
    const ring = this.ringOf(ns);
    const shape = this.shapeOf(record);
    // bodies equal to the shape's: the shape's kept, these left to die young
    const requestBody = sameBytes(shape.request.body, record.request.body) ? shape.request.body : record.request.body;
    const responseBody = shape.response.body === record.response.body ? shape.response.body : record.response.body;
    const bytes = 512 + (requestBody?.length ?? 0) + responseBody.length;
    if (ring.length === this.size) this.dropOldest(ring);
    // while the ring is not yet full, this is its columns' length: an append
    const at = (ring.head + ring.length) % this.size;
    ring.shapes[at] = shape;
    ring.times[at] = record.time;
    ring.durations[at] = record.durationMs;
    ring.requestBodies[at] = requestBody;
    ring.responseBodies[at] = responseBody;
    ring.bytes[at] = bytes;
    ring.views[at] = undefined;
    ring.length++;
    ring.lastId++;
    this.bytes += bytes;
    // over the budget, the namespace that writes gives up its oldest entries
    while (this.bytes > this.byteBudget && ring.length > 1) this.dropOldest(ring);
    if (ring.listeners.size > 0) {
      const entry = this.viewOf(ring, ring.length - 1);
      for (const listener of ring.listeners) listener(entry);
    }
  }

  async list({ ns, filter = {} }: JournalQuery): Promise<JournalEntry[]> {
    const out: JournalEntry[] = [];
    const limit = filter.limit ?? Infinity;
    const ring = this.rings.get(ns);
    if (!ring) return out;
    for (let i = ring.length - 1; i >= 0 && out.length < limit; i--) {
      if (matchesFilter(filtered(ring, this.indexOf(ring, i)), filter)) out.push(this.viewOf(ring, i));
    }
    return out;
  }

  async count({ ns, filter = {} }: JournalQuery): Promise<number> {
    const ring = this.rings.get(ns);
    let n = 0;
    for (let i = 0; ring && i < ring.length; i++) if (matchesFilter(filtered(ring, this.indexOf(ring, i)), filter)) n++;
    return n;
  }

  async clear({ ns }: { ns: string }): Promise<void> {
    const ring = this.rings.get(ns);
    while (ring && ring.length > 0) this.dropOldest(ring);
  }

  subscribe({ ns, listener }: { ns: string; listener: (entry: JournalEntry) => void }): () => void {
    const ring = this.ringOf(ns);
    ring.listeners.add(listener);
    return () => ring.listeners.delete(listener);
  }

  async close(): Promise<void> {}

  private ringOf(ns: string): Ring {
    let ring = this.rings.get(ns);
    if (!ring) {
      ring = {
        shapes: [],
        times: [],
        durations: [],
        requestBodies: [],
        responseBodies: [],
        bytes: [],
        views: [],
        head: 0,
        length: 0,
        lastId: 0,
        listeners: new Set(),
      };
      this.rings.set(ns, ring);
    }
    return ring;
  }

  private dropOldest(ring: Ring): void {
    const at = ring.head;
    this.bytes -= ring.bytes[at]!;
    // the objects let go; the numbers are overwritten by the next entry
    ring.shapes[at] = undefined;
    ring.requestBodies[at] = undefined;
    ring.responseBodies[at] = undefined;
    ring.views[at] = undefined;
    ring.head = (ring.head + 1) % this.size;
    ring.length--;
  }

  /** The column index of the ring's i-th oldest entry. */
  private indexOf(ring: Ring, i: number): number {
    return (ring.head + i) % this.size;
  }

  /** A remembered record of the same shape, else this one (remembered when it can be shared). */
  private shapeOf(record: JournalRecord): JournalRecord {
    for (const known of this.shapes) if (sameShape(known, record)) return known;
    if (rememberable(record)) {
      this.shapes.unshift(record);
      if (this.shapes.length > SHAPES_REMEMBERED) this.shapes.pop();
    }
    return record;
  }

  /** The i-th oldest entry's view, made once. */
  private viewOf(ring: Ring, i: number): JournalEntry {
    const at = this.indexOf(ring, i);
    // ids are consecutive: the newest is lastId
    ring.views[at] ??= toEntry(ring.lastId - ring.length + 1 + i, recordOf(ring, at), this.redactor);
    return ring.views[at];
  }
}

function sameBytes(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.equals(b));
}

/** An entry's record: its shape's, with its own time, duration and bodies. */
function recordOf(ring: Ring, at: number): JournalRecord {
  const shape = ring.shapes[at]!;
  return {
    ...shape,
    time: ring.times[at]!,
    durationMs: ring.durations[at]!,
    request: { headers: shape.request.headers, body: ring.requestBodies[at] },
    response: { headers: shape.response.headers, body: ring.responseBodies[at]! },
  };
}

function filtered(ring: Ring, at: number): Filtered {
  const shape = ring.shapes[at]!;
  return {
    api: shape.api,
    operationId: shape.operationId ?? 'unmatched',
    status: shape.status,
    method: shape.method,
    path: shape.path,
    time: ring.times[at]!,
    principal: shape.principal,
  };
}
