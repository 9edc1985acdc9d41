import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { JournalRecord } from '../../src/journal/journal.js';
import { RedisJournal } from '../../src/journal/redis-journal.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../redis/support/redis-server.js';
import { journalRecord } from './support/journal-record.js';

const record = (path: string): JournalRecord =>
  journalRecord({
    path,
    durationMs: 1.5,
    request: { headers: { authorization: 'Bearer 0123456789abcdefghijklmnopqrstuv' } },
    response: { headers: { 'Content-Type': 'application/json' }, body: '{"caf\u00e9":"\u2026"}' },
  });

/**
 * The Redis journal's stream (src/journal/journal-scripts.ts): a journal written before
 * batches (an entry per exchange, fields e/q/r) is read as it was, and new batches are
 * numbered after its last id, so an upgrade loses no entry and reuses no id.
 */
describe.skipIf(SKIP_REDIS)('the Redis journal stream', () => {
  let redis: RedisServer;
  let store: RedisStore;
  let journal: RedisJournal;
  let admin: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    store = await RedisStore.open(redis.url);
    journal = new RedisJournal({ redis: store.context, size: 10, redaction: { tokenShapes: [/^[0-9a-z]{32}$/] } });
    admin = new Redis(redis.url);
  });
  afterAll(async () => {
    admin?.disconnect();
    await journal?.close();
    await store?.close();
    await redis?.dispose();
  });

  it('reads entries written one per exchange and numbers new ones after them', async () => {
    const key = store.context.keys('old').journal;
    const head = (path: string) =>
      JSON.stringify({
        instance: 'old:1',
        time: '2026-01-01T00:00:00.000Z',
        method: 'GET',
        path,
        query: '',
        api: 'commerce',
        operationId: 'op',
        principal: { kind: 'guest' },
        auth: { outcome: 'none' },
        permission: { outcome: 'not-checked' },
        status: 200,
        durationMs: 2,
        request: { httpHeaders: {} },
        response: { httpHeaders: {} },
      });
    for (const path of ['/one', '/two']) await admin.xadd(key, '0-*', 'e', head(path), 'q', '', 'r', 'old body');
    await Promise.all(['/three', '/four'].map((path) => journal.record({ ns: 'old', record: record(path) })));
    const entries = await journal.list({ ns: 'old' });
    expect(entries.map((e) => [e.id, e.path])).toEqual([
      [4, '/four'],
      [3, '/three'],
      [2, '/two'],
      [1, '/one'],
    ]);
    expect(entries[3]).toMatchObject({ instance: 'old:1', durationMs: 2, response: { body: 'old body' } });
    expect(await journal.count({ ns: 'old' })).toBe(4);
  });

  it('sends ASCII only, masked, and reads back every character', async () => {
    await Promise.all(['/a', '/b', '/c'].map((path) => journal.record({ ns: 'text', record: record(path) })));
    const raw = JSON.stringify(await admin.xrange(store.context.keys('text').journal, '-', '+'));
    expect(raw).toMatch(/^[\x00-\x7f]*$/);
    expect(raw).not.toContain('0123456789abcdefghijklmnopqrstuv');
    const [entry] = await journal.list({ ns: 'text' });
    expect(entry).toMatchObject({
      path: '/c',
      durationMs: 1.5,
      time: '2026-01-01T00:00:00.000Z',
      request: { httpHeaders: { authorization: 'Bearer 012345\u2026' } },
      response: { body: '{"caf\u00e9":"\u2026"}', contentType: 'application/json' },
    });
  });

  it('goes on after the stream when its counter is lost, and after a clear', async () => {
    const keys = store.context.keys('lost');
    await Promise.all(['/1', '/2', '/3'].map((path) => journal.record({ ns: 'lost', record: record(path) })));
    await admin.del(keys.journalSeq);
    await journal.record({ ns: 'lost', record: record('/4') });
    await journal.clear({ ns: 'lost' });
    await journal.record({ ns: 'lost', record: record('/5') });
    expect((await journal.list({ ns: 'lost' })).map((e) => [e.id, e.path])).toEqual([[5, '/5']]);
    expect(await journal.count({ ns: 'lost' })).toBe(1);
  });
});
