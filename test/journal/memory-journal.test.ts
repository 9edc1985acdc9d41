import { describe, expect, it } from 'vitest';
import { MemoryJournal } from '../../src/journal/memory-journal.js';
import type { JournalRecord } from '../../src/journal/journal.js';

const record = (status: number, body = ''): JournalRecord => ({
  time: Date.UTC(2026, 0, 1) + status,
  method: 'GET',
  path: '/x',
  query: new URLSearchParams(),
  api: 'commerce',
  operationId: 'op',
  principal: { kind: 'guest' },
  auth: { outcome: 'none' },
  permission: { outcome: 'not-checked' },
  status,
  durationMs: 1,
  request: { headers: {} },
  response: { headers: {}, body },
});

describe('the in-memory journal', () => {
  it('keeps the newest entries of a full ring, newest first, across many wraps', () => {
    const j = new MemoryJournal(3);
    for (let i = 1; i <= 10; i++) j.record('a', record(200 + i));
    expect(j.list('a').map((e) => e.status)).toEqual([210, 209, 208]);
    expect(j.list('a').map((e) => e.id)).toEqual([10, 9, 8]);
    expect(j.count('a')).toBe(3);
    j.clear('a');
    expect(j.list('a')).toEqual([]);
    j.record('a', record(299));
    expect(j.list('a').map((e) => e.id)).toEqual([11]);
  });

  it('stays within its byte budget: the namespace that writes gives up its oldest entries', () => {
    const big = 'x'.repeat(10_000);
    const j = new MemoryJournal(1000, {}, 50_000);
    for (let i = 0; i < 20; i++) j.record('a', record(200, big));
    expect(j.count('a')).toBeLessThanOrEqual(5);
    expect(j.count('a')).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 20; i++) j.record('b', record(201, big));
    expect(j.count('a') + j.count('b')).toBeLessThanOrEqual(6);
  });

  it('tells subscribers of each new entry of their namespace only, until they stop', () => {
    const j = new MemoryJournal(10);
    const seen: number[] = [];
    const stop = j.subscribe('a', (e) => seen.push(e.status));
    j.record('a', record(201));
    j.record('b', record(202));
    stop();
    j.record('a', record(203));
    expect(seen).toEqual([201]);
  });
});
