import { describe, expect, it } from 'vitest';
import { MemoryJournal } from '../../src/journal/memory-journal.js';
import type { JournalRecord } from '../../src/journal/journal.js';
import { journalRecord } from './support/journal-record.js';

const record = (status: number, body = ''): JournalRecord =>
  journalRecord({ time: Date.UTC(2026, 0, 1) + status, status, response: { headers: {}, body } });

// What every journal does is in every-journal.test.ts; this is the memory journal's own.
describe('the in-memory journal', () => {
  it('stays within its byte budget: the namespace that writes gives up its oldest entries', async () => {
    const big = 'x'.repeat(10_000);
    const j = new MemoryJournal(1000, {}, 50_000);
    for (let i = 0; i < 20; i++) await j.record({ ns: 'a', record: record(200, big) });
    expect(await j.count({ ns: 'a' })).toBeLessThanOrEqual(5);
    expect(await j.count({ ns: 'a' })).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 20; i++) await j.record({ ns: 'b', record: record(201, big) });
    expect((await j.count({ ns: 'a' })) + (await j.count({ ns: 'b' }))).toBeLessThanOrEqual(6);
  });

  it('keeps an entry at once, without a promise: the answer goes out in the same turn as with no journal', async () => {
    const j = new MemoryJournal(10);
    const seen: number[] = [];
    j.subscribe({ ns: 'a', listener: (e) => seen.push(e.status) });
    expect(j.record({ ns: 'a', record: record(201) })).toBeUndefined();
    expect(seen).toEqual([201]);
    expect(await j.count({ ns: 'a' })).toBe(1);
  });

  it('keeps the newest entries round its ring, each with its own id, time and body, and goes on numbering after a clear', async () => {
    const j = new MemoryJournal(5);
    for (let i = 1; i <= 12; i++) j.record({ ns: 'a', record: record(200, `body-${i}`) });
    const kept = (await j.list({ ns: 'a' })).map((e) => [e.id, e.response.body]);
    expect(kept).toEqual([12, 11, 10, 9, 8].map((i) => [i, `body-${i}`]));
    expect(await j.count({ ns: 'a', filter: { status: 200 } })).toBe(5);
    await j.clear({ ns: 'a' });
    expect(await j.count({ ns: 'a' })).toBe(0);
    for (let i = 13; i <= 14; i++) j.record({ ns: 'a', record: record(201, `body-${i}`) });
    expect((await j.list({ ns: 'a' })).map((e) => [e.id, e.status, e.response.body])).toEqual([
      [14, 201, 'body-14'],
      [13, 201, 'body-13'],
    ]);
  });

  it('keeps what each entry holds of its own when it shares a shape with an earlier one', async () => {
    const j = new MemoryJournal(10);
    const exchange = (time: number, body: string, client: string) =>
      journalRecord({
        time,
        durationMs: time % 7,
        request: { headers: { 'x-client': client }, body: Buffer.from(`req-${body}`) },
        response: { headers: { 'Content-Type': 'text/plain' }, body },
      });
    const t0 = Date.UTC(2026, 0, 1);
    await j.record({ ns: 'a', record: exchange(t0, 'first', 'app-a') });
    await j.record({ ns: 'a', record: exchange(t0 + 1, 'second', 'app-a') });
    await j.record({ ns: 'a', record: exchange(t0 + 2, 'third', 'app-b') });
    await j.record({ ns: 'a', record: { ...exchange(t0 + 3, 'fourth', 'app-a'), status: 404 } });
    const entries = (await j.list({ ns: 'a' })).reverse();
    expect(entries.map((e) => [e.time, e.durationMs, e.request.body, e.response.body, e.status])).toEqual([
      [new Date(t0).toISOString(), t0 % 7, 'req-first', 'first', 200],
      [new Date(t0 + 1).toISOString(), (t0 + 1) % 7, 'req-second', 'second', 200],
      [new Date(t0 + 2).toISOString(), (t0 + 2) % 7, 'req-third', 'third', 200],
      [new Date(t0 + 3).toISOString(), (t0 + 3) % 7, 'req-fourth', 'fourth', 404],
    ]);
    expect(entries.map((e) => e.request.httpHeaders['x-client'])).toEqual(['app-a', 'app-a', 'app-b', 'app-a']);
    expect(await j.count({ ns: 'a', filter: { status: 404 } })).toBe(1);
    expect(await j.count({ ns: 'a', filter: { since: t0 + 1 } })).toBe(3);
  });
});
