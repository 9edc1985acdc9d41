import type { Journal, JournalEntry, JournalFilter, JournalRecord } from './journal.js';
import { redact, type RedactOptions } from './redact.js';

interface Slot {
  id: number;
  record: JournalRecord;
  /** roughly what the record holds, for the byte budget */
  bytes: number;
  /** the redacted view, made on first read */
  view?: JournalEntry;
}

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
 * redaction happens when an entry is first read, and the view is kept.
 */
export class MemoryJournal implements Journal {
  private readonly rings = new Map<string, Ring>();
  private bytes = 0;

  constructor(
    readonly size: number,
    private readonly redaction: RedactOptions = {},
    private readonly byteBudget = DEFAULT_BYTE_BUDGET,
  ) {}

  record(ns: string, record: JournalRecord): void {
    if (this.size === 0) return;
    const ring = this.ringOf(ns);
    const slot: Slot = { id: ++ring.lastId, record, bytes: 512 + (record.request.body?.length ?? 0) + record.response.body.length };
    if (ring.length === this.size) this.dropOldest(ring);
    ring.buf[(ring.head + ring.length) % this.size] = slot;
    ring.length++;
    this.bytes += slot.bytes;
    // over the budget, the namespace that writes gives up its oldest entries
    while (this.bytes > this.byteBudget && ring.length > 1) this.dropOldest(ring);
    for (const listener of ring.listeners) listener(this.viewOf(slot));
  }

  list(ns: string, filter: JournalFilter = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const limit = filter.limit ?? Infinity;
    for (const slot of this.newestFirst(ns)) {
      if (out.length >= limit) break;
      if (matchesFilter(slot.record, filter)) out.push(this.viewOf(slot));
    }
    return out;
  }

  count(ns: string, filter: JournalFilter = {}): number {
    let n = 0;
    for (const slot of this.newestFirst(ns)) if (matchesFilter(slot.record, filter)) n++;
    return n;
  }

  clear(ns: string): void {
    const ring = this.rings.get(ns);
    while (ring && ring.length > 0) this.dropOldest(ring);
  }

  subscribe(ns: string, listener: (entry: JournalEntry) => void): () => void {
    const ring = this.ringOf(ns);
    ring.listeners.add(listener);
    return () => ring.listeners.delete(listener);
  }

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

  private viewOf(slot: Slot): JournalEntry {
    slot.view ??= toEntry(slot.id, slot.record, this.redaction);
    return slot.view;
  }
}

function matchesFilter(r: JournalRecord, f: JournalFilter): boolean {
  if (f.operationId !== undefined && (r.operationId ?? 'unmatched') !== f.operationId) return false;
  if (f.status !== undefined && r.status !== f.status) return false;
  if (f.method !== undefined && r.method !== f.method.toUpperCase()) return false;
  if (f.path !== undefined && !(f.path.endsWith('*') ? r.path.startsWith(f.path.slice(0, -1)) : r.path === f.path)) return false;
  if (f.since !== undefined && r.time < f.since) return false;
  if (f.principal !== undefined && !matchesPrincipal(r, f.principal)) return false;
  return true;
}

function matchesPrincipal(r: JournalRecord, wanted: string): boolean {
  const p = r.principal;
  if (wanted === 'guest') return p.kind === 'guest';
  return p.kind === 'user' && (wanted === p.id || wanted === `${p.userType}:${p.id}`);
}

function toEntry(id: number, r: JournalRecord, options: RedactOptions): JournalEntry {
  const requestType = readHeader(r.request.headers, 'content-type');
  const responseType = r.response.headers['Content-Type'];
  const entry: JournalEntry = {
    id,
    time: new Date(r.time).toISOString(),
    method: r.method,
    path: r.path,
    query: redact('query', r.query.toString(), options),
    api: r.api,
    operationId: r.operationId ?? 'unmatched',
    principal: r.principal,
    auth: r.auth,
    permission: r.permission,
    status: r.status,
    durationMs: r.durationMs,
    request: {
      httpHeaders: redact('headers', r.request.headers, options),
      body: r.request.body ? redact('body', r.request.body.toString('utf8'), { ...options, contentType: requestType }) : '',
      ...(requestType ? { contentType: requestType } : {}),
    },
    response: {
      httpHeaders: redact('headers', r.response.headers, options),
      body: redact('body', r.response.body, { ...options, contentType: responseType }),
      ...(responseType ? { contentType: responseType } : {}),
    },
  };
  const nearest = r.operationId === undefined ? r.nearest?.() : undefined;
  if (nearest) entry.nearest = nearest;
  if (r.steered) entry.steered = r.steered;
  if (r.invalid) entry.invalid = r.invalid;
  return entry;
}

function readHeader(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
}
