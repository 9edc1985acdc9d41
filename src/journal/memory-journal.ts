import type { Journal, JournalEntry, JournalQuery, JournalRecord } from './journal.js';
import type { RedactOptions } from './redact.js';
import { createRedactor, type Redactor } from './redactor.js';
import { toEntry } from './to-entry.js';
import { matchesFilter, type Filtered } from './matches-filter.js';
import { rememberable, sameShape } from './same-shape.js';

/**
 * One entry: what only it holds, and the record whose shape (all but the time, duration
 * and bodies) it shares. Entries live long enough for the garbage collector to copy each
 * one twice and then promote it; a shared shape leaves it a few numbers and references.
 */
interface Slot {
  id: number;
  /** the record of the first exchange of this shape (this exchange's own when it shares none) */
  shape: JournalRecord;
  time: number;
  durationMs: number;
  requestBody: Buffer | undefined;
  responseBody: string;
  /** roughly what the record holds, for the byte budget */
  bytes: number;
  /** the redacted view, made on first read */
  view?: JournalEntry;
}

/** Recent shapes remembered: traffic under load is a few requests again and again. */
const SHAPES_REMEMBERED = 8;

interface Ring {
  /** a circular buffer: `length` slots from `head` (the oldest) on */
  buf: (Slot | undefined)[];
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
    const slot: Slot = {
      id: ++ring.lastId,
      shape,
      time: record.time,
      durationMs: record.durationMs,
      requestBody,
      responseBody,
      bytes: 512 + (requestBody?.length ?? 0) + responseBody.length,
    };
    if (ring.length === this.size) this.dropOldest(ring);
    ring.buf[(ring.head + ring.length) % this.size] = slot;
    ring.length++;
    this.bytes += slot.bytes;
    // over the budget, the namespace that writes gives up its oldest entries
    while (this.bytes > this.byteBudget && ring.length > 1) this.dropOldest(ring);
    for (const listener of ring.listeners) listener(this.viewOf(slot));
  }

  async list({ ns, filter = {} }: JournalQuery): Promise<JournalEntry[]> {
    const out: JournalEntry[] = [];
    const limit = filter.limit ?? Infinity;
    for (const slot of this.newestFirst(ns)) {
      if (out.length >= limit) break;
      if (matchesFilter(filtered(slot), filter)) out.push(this.viewOf(slot));
    }
    return out;
  }

  async count({ ns, filter = {} }: JournalQuery): Promise<number> {
    let n = 0;
    for (const slot of this.newestFirst(ns)) if (matchesFilter(filtered(slot), filter)) n++;
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
      ring = { buf: [], head: 0, length: 0, lastId: 0, listeners: new Set() };
      this.rings.set(ns, ring);
    }
    return ring;
  }

  private dropOldest(ring: Ring): void {
    this.bytes -= ring.buf[ring.head]!.bytes;
    ring.buf[ring.head] = undefined;
    ring.head = (ring.head + 1) % this.size;
    ring.length--;
  }

  private *newestFirst(ns: string): Iterable<Slot> {
    const ring = this.rings.get(ns);
    if (!ring) return;
    for (let i = ring.length - 1; i >= 0; i--) yield ring.buf[(ring.head + i) % this.size]!;
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

  private viewOf(slot: Slot): JournalEntry {
    slot.view ??= toEntry(slot.id, recordOf(slot), this.redactor);
    return slot.view;
  }
}

function sameBytes(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.equals(b));
}

/** The entry's record: its shape's, with its own time, duration and bodies. */
function recordOf(slot: Slot): JournalRecord {
  const { shape } = slot;
  return {
    ...shape,
    time: slot.time,
    durationMs: slot.durationMs,
    request: { headers: shape.request.headers, body: slot.requestBody },
    response: { headers: shape.response.headers, body: slot.responseBody },
  };
}

function filtered({ shape, time }: Slot): Filtered {
  return {
    operationId: shape.operationId ?? 'unmatched',
    status: shape.status,
    method: shape.method,
    path: shape.path,
    time,
    principal: shape.principal,
  };
}
