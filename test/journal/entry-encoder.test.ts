import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../src/journal/journal.js';
import { EntryEncoder } from '../../src/journal/entry-encoder.js';
import { createRedactor } from '../../src/journal/redactor.js';

const TOKEN = '0123456789abcdefghijklmnopqrstuv';
const base = (): JournalRecord => ({
  instance: 'a:1',
  time: Date.UTC(2026, 0, 1),
  method: 'GET',
  path: '/me',
  query: new URLSearchParams(),
  api: 'commerce',
  operationId: 'me',
  principal: { kind: 'user', userType: 'customer', id: '1' },
  auth: { outcome: 'ok', scheme: 'bearer', tokenPrefix: '012345', tokenId: 1 },
  permission: { outcome: 'allowed', required: 'self' },
  status: 200,
  durationMs: 1.25,
  request: { headers: { host: 'h', authorization: `Bearer ${TOKEN}` } },
  response: { headers: { 'Content-Type': 'application/json' }, body: '{"id":1}' },
});

/** The Redis journal's encoder remembers shapes: a later record reuses one only when every value of it is the same. */
describe('EntryEncoder', () => {
  const encoder = () => new EntryEncoder(createRedactor({ tokenShapes: [/^[0-9a-z]{32}$/] }, { remember: 16 }));

  it('hands out the same shape text for the same request answered the same way, masked', () => {
    const e = encoder();
    const first = e.encode(base());
    const again = e.encode({ ...base(), time: first.time + 5, durationMs: 9 });
    expect(again.shape).toBe(first.shape);
    expect(again).toMatchObject({ durationMs: 9, response: '{"id":1}' });
    expect(first.shape).not.toContain(TOKEN);
    expect(JSON.parse(first.shape)).toMatchObject({ request: { httpHeaders: { authorization: 'Bearer 012345\u2026' } } });
  });

  it('makes a new shape when any value it is made of differs', () => {
    const variants: ((r: JournalRecord) => void)[] = [
      (r) => (r.status = 401),
      (r) => (r.path = '/other'),
      (r) => (r.method = 'POST'),
      (r) => (r.instance = 'b:2'),
      (r) => (r.operationId = 'other'),
      (r) => (r.query = new URLSearchParams('a=1')),
      (r) => (r.principal = { kind: 'user', userType: 'customer', id: '2' }),
      (r) => (r.auth = { ...r.auth, tokenId: 2 }),
      (r) => (r.auth = { ...r.auth, detail: 'revoked' }),
      (r) => (r.permission = { outcome: 'refused', required: 'self', missing: 'x' }),
      (r) => (r.request.headers = { host: 'h', authorization: 'Bearer zyxwvutsrqponmlkjihgfedcba987654' }),
      (r) => (r.request.headers = { host: 'h' }),
      (r) => (r.response.headers = { 'Content-Type': 'application/xml' }),
    ];
    for (const change of variants) {
      const e = encoder();
      const first = e.encode(base());
      const other = base();
      change(other);
      const shape = e.encode(other).shape;
      expect(shape, change.toString()).not.toBe(first.shape);
      expect(shape).toBe(encoder().encode(other).shape);
    }
  });

  it('masks a steered or invalid exchange every time, and finds a shape among the recent ones', () => {
    const e = encoder();
    const steered = { ...base(), steered: { rule: '7', status: 503 } };
    expect(JSON.parse(e.encode(steered).shape)).toMatchObject({ steered: { rule: '7' } });
    expect(JSON.parse(e.encode(base()).shape).steered).toBeUndefined();
    const a = e.encode(base()).shape;
    e.encode({ ...base(), path: '/b' });
    expect(e.encode(base()).shape).toBe(a);
  });
});
