import { afterEach, describe, expect, it } from 'vitest';
import type { Journal, JournalEntry, JournalRecord } from '../../src/journal/journal.js';
import { eventually } from '../redis/support/http.js';
import { JOURNAL_IMPLEMENTATIONS } from './implementations.js';
import { journalRecord } from './support/journal-record.js';

const T0 = Date.UTC(2026, 0, 1);
const TOKEN = '0123456789abcdefghijklmnopqrstuv';

const record = (status: number, over: Partial<JournalRecord> = {}): JournalRecord => journalRecord({ time: T0 + status, status, ...over });

/** The shared suite: every Journal implementation keeps, filters, clears and follows entries alike. */
describe.each(JOURNAL_IMPLEMENTATIONS)('the $name journal', (impl) => {
  const opened: Journal[] = [];
  const open = async (size = 10, again = false) => {
    const journal = await impl.open({ size, again });
    opened.push(journal);
    return journal;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((j) => impl.close(j)));
  });
  const statuses = (entries: JournalEntry[]) => entries.map((e) => e.status);

  it('keeps the newest entries, newest first, its ids counting on across wraps and clears', async () => {
    const j = await open(3);
    for (let i = 1; i <= 10; i++) await j.record({ ns: 'a', record: record(200 + i) });
    expect(statuses(await j.list({ ns: 'a' }))).toEqual([210, 209, 208]);
    expect((await j.list({ ns: 'a' })).map((e) => e.id)).toEqual([10, 9, 8]);
    expect(await j.count({ ns: 'a' })).toBe(3);
    await j.clear({ ns: 'a' });
    expect(await j.list({ ns: 'a' })).toEqual([]);
    expect(await j.count({ ns: 'a' })).toBe(0);
    await j.record({ ns: 'a', record: record(299) });
    expect((await j.list({ ns: 'a' })).map((e) => e.id)).toEqual([11]);
  });

  it('keeps namespaces apart', async () => {
    const j = await open();
    await j.record({ ns: 'a', record: record(201) });
    await j.record({ ns: 'b', record: record(202) });
    expect(statuses(await j.list({ ns: 'a' }))).toEqual([201]);
    await j.clear({ ns: 'a' });
    expect(statuses(await j.list({ ns: 'b' }))).toEqual([202]);
    expect(await j.list({ ns: 'nowhere' })).toEqual([]);
  });

  it('filters by operation, status, method, path, principal and time, and limits and counts', async () => {
    const j = await open();
    const customer = { kind: 'user' as const, userType: 'customer', id: '1' };
    await j.record({ ns: 'a', record: record(200, { operationId: 'me', principal: customer, path: '/rest/V1/customers/me' }) });
    await j.record({ ns: 'a', record: record(401, { operationId: 'me', path: '/rest/V1/customers/me' }) });
    await j.record({ ns: 'a', record: record(404, { operationId: undefined, method: 'POST', path: '/nowhere' }) });
    const list = async (filter: object) => statuses(await j.list({ ns: 'a', filter }));
    expect(await list({ operationId: 'me' })).toEqual([401, 200]);
    expect(await list({ operationId: 'unmatched' })).toEqual([404]);
    expect(await list({ status: 401 })).toEqual([401]);
    expect(await list({ method: 'post' })).toEqual([404]);
    expect(await list({ path: '/rest/*' })).toEqual([401, 200]);
    expect(await list({ principal: 'customer:1' })).toEqual([200]);
    expect(await list({ principal: '1' })).toEqual([200]);
    expect(await list({ principal: 'guest' })).toEqual([404, 401]);
    expect(await list({ since: T0 + 401 })).toEqual([404, 401]);
    expect(await list({ limit: 2 })).toEqual([404, 401]);
    expect(await list({ operationId: 'me', limit: 1 })).toEqual([401]);
    expect(await j.count({ ns: 'a', filter: { operationId: 'me' } })).toBe(2);
  });

  it('names the instance, masks every secret and finds the nearest operation of an unmatched request', async () => {
    const j = await open();
    await j.record({
      ns: 'a',
      record: record(200, {
        instance: 'worker-7',
        operationId: undefined,
        nearest: () => ({ operationId: 'me', method: 'GET', path: '/me', mismatch: 'the path' }),
        query: new URLSearchParams({ access_token: TOKEN }),
        request: {
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ username: 'roni', password: 'hunter2' })),
        },
        response: { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(TOKEN) },
      }),
    });
    const [entry] = await j.list({ ns: 'a' });
    expect(entry).toMatchObject({ instance: 'worker-7', operationId: 'unmatched', nearest: { operationId: 'me' } });
    expect(entry.request.httpHeaders.authorization).toBe('Bearer 012345…');
    for (const text of [JSON.stringify(entry), (await impl.raw(j, 'a')) ?? '']) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('hunter2');
    }
  });

  it('keeps entries recorded at once in their order, each with its own bodies, shared or not', async () => {
    const j = await open(1000);
    const body = (i: number) => (i % 3 === 0 ? `{"n":${i}}` : '{"same":true}');
    const recorded = Array.from({ length: 600 }, (_, i) =>
      j.record({
        ns: 'a',
        record: record(200 + (i % 100), {
          path: `/x/${i}`,
          request: { headers: {}, body: i % 2 ? Buffer.from(body(i)) : undefined },
          response: { headers: {}, body: body(i + 1) },
        }),
      }),
    );
    await Promise.all(recorded);
    const entries = (await j.list({ ns: 'a' })).reverse();
    expect(entries.map((e) => e.path)).toEqual(recorded.map((_, i) => `/x/${i}`));
    expect(entries.map((e) => e.id)).toEqual(recorded.map((_, i) => i + 1));
    expect(await j.count({ ns: 'a' })).toBe(600);
    expect(entries.map((e) => [e.request.body, e.response.body])).toEqual(recorded.map((_, i) => [i % 2 ? body(i) : '', body(i + 1)]));
  });

  it('keeps the newest entries of batches recorded at once, no more than its size', async () => {
    const j = await open(100);
    await Promise.all(Array.from({ length: 700 }, (_, i) => j.record({ ns: 'a', record: record(200, { path: `/y/${i}` }) })));
    const entries = await j.list({ ns: 'a' });
    expect(entries.map((e) => e.path)).toEqual(Array.from({ length: 100 }, (_, i) => `/y/${699 - i}`));
    expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 100 }, (_, i) => 700 - i));
    expect(await j.count({ ns: 'a' })).toBe(100);
    expect((await j.list({ ns: 'a', filter: { limit: 3 } })).map((e) => e.id)).toEqual([700, 699, 698]);
  });

  it('tells subscribers of each new entry of their namespace, until they stop', async () => {
    const j = await open();
    const seen: number[] = [];
    const stop = j.subscribe({ ns: 'a', listener: (e) => seen.push(e.status) });
    // the Redis journal reads the stream on a connection of its own: give it the time to start
    await new Promise((resolve) => setTimeout(resolve, 100));
    await j.record({ ns: 'a', record: record(201) });
    await j.record({ ns: 'b', record: record(202) });
    await j.record({ ns: 'a', record: record(203) });
    expect(await eventually(async () => seen.length === 2, 5000)).toBe(true);
    stop();
    await j.record({ ns: 'a', record: record(204) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([201, 203]);
  });

  it.skipIf(!impl.shared)("shows every instance's entries in the order they arrived, and follows them all", async () => {
    const a = await open();
    const b = await open(10, true);
    const seen: string[] = [];
    b.subscribe({ ns: 'a', listener: (e) => seen.push(`${e.instance} ${e.status}`) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await a.record({ ns: 'a', record: record(201, { instance: 'A' }) });
    await b.record({ ns: 'a', record: record(202, { instance: 'B' }) });
    await a.record({ ns: 'a', record: record(203, { instance: 'A' }) });
    for (const j of [a, b])
      expect((await j.list({ ns: 'a' })).map((e) => `${e.instance} ${e.status}`)).toEqual(['A 203', 'B 202', 'A 201']);
    expect(await eventually(async () => seen.length === 3, 5000)).toBe(true);
    expect(seen).toEqual(['A 201', 'B 202', 'A 203']);
    await b.clear({ ns: 'a' });
    expect(await a.count({ ns: 'a' })).toBe(0);
  });
});
