import type { JournalRecord } from '../../../src/journal/journal.js';

/** A guest's GET answered 200 on 2026-01-01, as the journal tests record it; `over` replaces any field. */
export function journalRecord(over: Partial<JournalRecord> = {}): JournalRecord {
  return {
    instance: 'a:1',
    time: Date.UTC(2026, 0, 1),
    method: 'GET',
    path: '/x',
    query: new URLSearchParams(),
    api: 'commerce',
    operationId: 'op',
    principal: { kind: 'guest' },
    auth: { outcome: 'none' },
    permission: { outcome: 'not-checked' },
    status: 200,
    durationMs: 1,
    request: { headers: {} },
    response: { headers: {}, body: '' },
    ...over,
  };
}
