import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import { RONI, customerMe, customerToken, eventually, send } from './support/http.js';
import { openEventStream } from './support/event-stream.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const COUNTRIES = '/rest/V1/directory/countries';

/**
 * Two authmock processes on one Redis keep one journal (issue #29): each answers with every
 * instance's requests in the order they arrived, the inspector on one follows the other's,
 * a reset through one clears it for both. Needs `npm run build` first.
 */
describe.skipIf(SKIP_REDIS)('the journal of two servers on one Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([
      startServer(['--state', redis.url, '--instance-name', 'blue']),
      startServer(['--state', redis.url, '--instance-name', 'green']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.dispose();
  });
  const ns = (name: string) => ({ 'X-Authmock-Namespace': name });
  const journal = async (base: string, name: string, query = '') =>
    (await send(base, 'GET', `/__authmock/requests${query}`, { headers: ns(name) })).body as {
      instance: string;
      query: string;
      status: number;
      operationId: string;
    }[];

  it("lists every instance's requests, in the order they arrived, on either instance", async () => {
    for (let i = 1; i <= 6; i++) await send(i % 2 ? a.baseUrl : b.baseUrl, 'GET', `${COUNTRIES}?n=${i}`, { headers: ns('order') });
    const expected = [6, 5, 4, 3, 2, 1].map((i) => ({ instance: i % 2 ? 'blue' : 'green', query: `n=${i}` }));
    for (const base of [a.baseUrl, b.baseUrl]) {
      expect((await journal(base, 'order')).map(({ instance, query }) => ({ instance, query }))).toEqual(expected);
    }
    const count = await send(b.baseUrl, 'GET', '/__authmock/requests/count?operationId=getDirectoryCountries', { headers: ns('order') });
    expect(count.body).toEqual({ count: 6 });
  });

  it("follows the other instance's requests in the inspector's live view", async () => {
    const stream = await openEventStream(b.baseUrl, ns('live'));
    try {
      // the stream follows Redis from when its read starts: keep asking until the first shows
      let n = 0;
      const seen = await eventually(async () => {
        await send(a.baseUrl, 'GET', `${COUNTRIES}?live=${++n}`, { headers: ns('live') });
        return stream.entries().some((e) => e.instance === 'blue');
      });
      expect(seen).toBe(true);
      await send(a.baseUrl, 'GET', `${COUNTRIES}?live=last`, { headers: ns('live') });
      expect(await eventually(async () => stream.entries().some((e) => e.query === 'live=last' && e.instance === 'blue'), 5000)).toBe(true);
    } finally {
      stream.stop();
    }
  });

  it('shows the answer with the headers it was sent with, its length included', async () => {
    // set before the entry is kept: the same answer again then has the same shape (entry-encoder.ts)
    await send(a.baseUrl, 'GET', COUNTRIES, { headers: ns('headers') });
    const [entry] = (await send(b.baseUrl, 'GET', '/__authmock/requests', { headers: ns('headers') })).body as {
      response: { httpHeaders: Record<string, string> };
    }[];
    // (the body shown may be masked, so its length is not the one sent)
    expect(entry!.response.httpHeaders['Content-Length']).toMatch(/^[1-9]\d*$/);
  });

  it('clears it for both on a reset or a namespace deletion through either', async () => {
    await send(a.baseUrl, 'GET', COUNTRIES, { headers: ns('cleared') });
    await send(b.baseUrl, 'GET', COUNTRIES, { headers: ns('cleared') });
    expect(await journal(a.baseUrl, 'cleared')).toHaveLength(2);
    expect((await send(b.baseUrl, 'POST', '/__authmock/reset', { headers: { ...ns('cleared'), ...CONTROL_CLIENT } })).status).toBe(204);
    expect(await journal(a.baseUrl, 'cleared')).toEqual([]);

    await send(b.baseUrl, 'GET', COUNTRIES, { headers: ns('cleared') });
    expect((await send(a.baseUrl, 'DELETE', '/__authmock/namespaces/cleared', { headers: CONTROL_CLIENT })).status).toBe(204);
    expect(await journal(b.baseUrl, 'cleared')).toEqual([]);
    await send(b.baseUrl, 'GET', COUNTRIES, { headers: ns('cleared') });
    expect(await journal(a.baseUrl, 'cleared')).toHaveLength(1);
    expect((await send(a.baseUrl, 'DELETE', '/__authmock/requests', { headers: { ...ns('cleared'), ...CONTROL_CLIENT } })).status).toBe(
      204,
    );
    expect(await journal(b.baseUrl, 'cleared')).toEqual([]);
  });

  it('keeps no secret in Redis: entries are masked before they leave the instance', async () => {
    const token = await customerToken(a.baseUrl);
    expect((await customerMe(b.baseUrl, token)).status).toBe(200);
    const client = new Redis(redis.url);
    try {
      const raw = JSON.stringify(await client.xrange('am:{default}:journal', '-', '+'));
      expect(raw).toContain('createCustomerAccessToken');
      expect(raw).toContain('getCurrentCustomer');
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(RONI.password);
    } finally {
      client.disconnect();
    }
    const entries = await journal(b.baseUrl, 'default', '?limit=2');
    expect(entries.map((e) => `${e.instance} ${e.operationId}`)).toEqual(['green getCurrentCustomer', 'blue createCustomerAccessToken']);
  });

  it('names an instance by its host and port when it has no name', async () => {
    const c = await startServer(['--state', redis.url]);
    try {
      await send(c.baseUrl, 'GET', COUNTRIES, { headers: ns('unnamed') });
      const [entry] = await journal(a.baseUrl, 'unnamed');
      expect(entry.instance).toBe(new URL(c.baseUrl).host);
    } finally {
      await c.stop();
    }
  });
});
