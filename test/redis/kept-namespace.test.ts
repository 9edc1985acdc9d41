import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import { RONI, send } from './support/http.js';

const ME = '/rest/V1/customers/me';

/**
 * GETs answered from the namespace as the instance last read it (src/http/answer-from-kept.ts):
 * no read of the namespace's record before the answer, the journal's append checking it
 * instead, and an answer made again when another instance changed the namespace meanwhile.
 * Needs `npm run build` first.
 */
describe.skipIf(SKIP_REDIS)('GETs answered from the kept namespace, on two servers', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    const args = ['--state', redis.url, '--customer-token-lifetime', '600'];
    [a, b] = await Promise.all([startServer(args), startServer(args)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.dispose();
  });
  const ns = (name: string) => ({ 'X-Authmock-Namespace': name });
  const token = async (name: string) =>
    (await send(a.baseUrl, 'POST', '/rest/V1/integration/customer/token', { json: RONI, headers: ns(name) })).body as string;
  const me = (base: string, name: string, t: string) => send(base, 'GET', ME, { token: t, headers: ns(name) });

  it('reads no namespace record for a GET once the instance has it: the journal append checks it', async () => {
    const t = await token('quiet');
    expect((await me(b.baseUrl, 'quiet', t)).status).toBe(200);
    const monitor = await new Redis(redis.url).monitor();
    const reads: string[] = [];
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (args[0]?.toLowerCase() === 'hmget' && args[1] === 'am:{quiet}:ns') reads.push(source);
    });
    try {
      for (let i = 0; i < 10; i++) expect((await me(b.baseUrl, 'quiet', t)).status).toBe(200);
      // MONITOR shows a script's own commands as coming from lua
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads.filter((source) => !source.includes('lua'))).toEqual([]);
      expect(reads.length).toBeGreaterThanOrEqual(10);
    } finally {
      monitor.disconnect();
    }
  });

  it('answers again, from a fresh read, a GET whose namespace another instance changed: one entry, the right one', async () => {
    const t = await token('stale');
    expect((await me(b.baseUrl, 'stale', t)).status).toBe(200);
    const revoked = await send(a.baseUrl, 'POST', '/rest/V1/integration/customer/revoke-customer-token', {
      token: t,
      headers: ns('stale'),
    });
    expect(revoked.status).toBe(200);
    expect((await me(b.baseUrl, 'stale', t)).status).toBe(401);
    const entries = (await send(a.baseUrl, 'GET', '/__authmock/requests?operationId=getCurrentCustomer', { headers: ns('stale') }))
      .body as {
      status: number;
    }[];
    expect(entries.map((e) => e.status)).toEqual([401, 200]);
  });

  it('sees a clock move made through the other instance on the next GET', async () => {
    const t = await token('clock');
    expect((await me(b.baseUrl, 'clock', t)).status).toBe(200);
    expect((await send(a.baseUrl, 'POST', '/__authmock/clock', { json: { advanceSeconds: 601 }, headers: ns('clock') })).status).toBe(200);
    expect((await me(b.baseUrl, 'clock', t)).status).toBe(401);
  });
});
