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
});
