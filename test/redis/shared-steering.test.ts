import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import { RONI, customerLogin, send } from './support/http.js';
import { CONTROL_CLIENT } from '../support/wire.js';

/**
 * Two authmock processes on one Redis share their steering rules (issue #29): a rule set
 * through one applies on the other from its next request, and a rule's `times` counts the
 * steered answers of both together. Needs `npm run build` first.
 */
describe.skipIf(SKIP_REDIS)('steering rules of two servers on one Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([startServer(['--state', redis.url]), startServer(['--state', redis.url])]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.dispose();
  });
  const ns = (name: string) => ({ 'X-Authmock-Namespace': name });
  const login = (base: string, name: string) =>
    send(base, 'POST', '/rest/V1/integration/customer/token', { json: RONI, headers: ns(name) });
  const addRule = (base: string, name: string, rule: object) =>
    send(base, 'POST', '/__authmock/steering', { json: rule, headers: ns(name) });
  const rules = async (base: string, name: string) =>
    (await send(base, 'GET', '/__authmock/steering', { headers: ns(name) })).body as {
      id: string;
      used: number;
      remaining?: number;
    }[];

  it("applies a rule set through A on B's very next request, lists it on both, and ends it for both", async () => {
    expect((await login(b.baseUrl, 'next')).status).toBe(200);
    const added = await addRule(a.baseUrl, 'next', { operationId: 'createCustomerAccessToken', status: 401, times: 2 });
    expect(added.status).toBe(201);
    expect((await rules(b.baseUrl, 'next')).map((r) => r.id)).toEqual([added.body.id]);
    expect((await login(b.baseUrl, 'next')).status).toBe(401);
    expect(await rules(a.baseUrl, 'next')).toMatchObject([{ id: added.body.id, used: 1, remaining: 1 }]);
    expect((await login(a.baseUrl, 'next')).status).toBe(401);
    expect((await login(b.baseUrl, 'next')).status).toBe(200);
    expect((await login(a.baseUrl, 'next')).status).toBe(200);
    expect(await rules(b.baseUrl, 'next')).toEqual([]);
  });

  it('stops a rule deleted through B on A at once, and forgets every rule on a reset through either', async () => {
    const added = await addRule(a.baseUrl, 'gone', { operationId: 'createCustomerAccessToken', status: 401, times: 100 });
    expect((await login(a.baseUrl, 'gone')).status).toBe(401);
    expect(
      (await send(b.baseUrl, 'DELETE', `/__authmock/steering/${added.body.id}`, { headers: { ...ns('gone'), ...CONTROL_CLIENT } })).status,
    ).toBe(204);
    expect((await login(a.baseUrl, 'gone')).status).toBe(200);

    await addRule(b.baseUrl, 'gone', { operationId: 'createCustomerAccessToken', status: 401, times: 100 });
    expect((await login(a.baseUrl, 'gone')).status).toBe(401);
    expect((await send(a.baseUrl, 'POST', '/__authmock/reset', { headers: { ...ns('gone'), ...CONTROL_CLIENT } })).status).toBe(204);
    expect((await login(b.baseUrl, 'gone')).status).toBe(200);
    expect(await rules(b.baseUrl, 'gone')).toEqual([]);
  });

  it('serves exactly 50 steered answers of 200 concurrent requests over both with times: 50', async () => {
    // both instances know the namespace and its (empty) rules before the race
    await Promise.all([login(a.baseUrl, 'race'), login(b.baseUrl, 'race')]);
    expect((await addRule(b.baseUrl, 'race', { operationId: 'createCustomerAccessToken', status: 401, times: 50 })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login(i % 2 ? a.baseUrl : b.baseUrl, 'race')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    const steered = await send(a.baseUrl, 'GET', '/__authmock/requests/count?operationId=createCustomerAccessToken&status=401', {
      headers: ns('race'),
    });
    expect(steered.body).toEqual({ count: 50 });
  });

  it('still answers Prefer on both, with no rule anywhere', async () => {
    for (const base of [a.baseUrl, b.baseUrl]) {
      const res = await send(base, 'POST', '/rest/V1/integration/customer/token', { json: RONI, headers: { Prefer: 'code=401' } });
      expect(res.status).toBe(401);
    }
    expect((await customerLogin(a.baseUrl, RONI)).status).toBe(200);
  });
});
