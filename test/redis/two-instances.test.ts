import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import {
  JOHN,
  RONI,
  SIGN_IN_INCORRECT,
  customerLogin,
  customerMe,
  customerToken,
  revokeCustomer,
  send,
  socialLogout,
  socialProfile,
  socialToken,
} from './support/http.js';
import { CONTROL_CLIENT } from '../support/wire.js';

/**
 * Two real authmock processes on one Redis behave as one server (issue #13): what one
 * does, the other sees on the very next request. Needs `npm run build` first.
 */
describe.skipIf(SKIP_REDIS)('two servers on one Redis', () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    // B finds the URL in AUTHMOCK_REDIS_URL, as a user who keeps the password off the command line
    [a, b] = await Promise.all([startServer(['--state', redis.url]), startServer(['--state', 'redis'], { AUTHMOCK_REDIS_URL: redis.url })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.dispose();
  });

  it('answers on B, on the next request, with a customer token A issued', async () => {
    const token = await customerToken(a.baseUrl);
    const me = await customerMe(b.baseUrl, token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 1, email: RONI.username });
  });

  it('answers on A with a social token B issued', async () => {
    const token = await socialToken(b.baseUrl);
    const profile = await socialProfile(a.baseUrl, token);
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ username: 'jane.doe' });
  });

  it('holds a revocation made on B on A at once, for every token of the customer', async () => {
    const first = await customerToken(a.baseUrl, JOHN);
    const second = await customerToken(b.baseUrl, JOHN);
    expect((await revokeCustomer(b.baseUrl, second)).body).toBe(true);
    for (const token of [first, second]) {
      const me = await customerMe(a.baseUrl, token);
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } });
    }
  });

  it('holds a social logout made on A on B at once', async () => {
    const token = await socialToken(a.baseUrl);
    expect((await socialLogout(a.baseUrl, token)).status).toBe(200);
    expect((await socialProfile(b.baseUrl, token)).status).toBe(401);
  });

  it('locks a name after six failed logins spread over A and B, on both', async () => {
    const who = { username: 'admin', password: 'wrong' };
    const admin = (base: string, password: string) =>
      send(base, 'POST', '/rest/V1/integration/admin/token', { json: { ...who, password } });
    for (let i = 0; i < 6; i++) expect((await admin(i % 2 ? b.baseUrl : a.baseUrl, 'wrong')).status).toBe(401);
    for (const base of [a.baseUrl, b.baseUrl]) {
      const right = await admin(base, 'admin123');
      expect(right.status).toBe(401);
      expect(right.body).toEqual({ message: SIGN_IN_INCORRECT });
    }
  });

  it('counts every one of six failed logins sent to A and B at the same time', async () => {
    const name = { username: 'catalog_manager', password: 'nope' };
    const tries = Array.from({ length: 6 }, (_, i) =>
      send(i % 2 ? b.baseUrl : a.baseUrl, 'POST', '/rest/V1/integration/admin/token', { json: name }),
    );
    expect((await Promise.all(tries)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    const right = await send(b.baseUrl, 'POST', '/rest/V1/integration/admin/token', {
      json: { username: 'catalog_manager', password: 'catalog123' },
    });
    expect(right.status).toBe(401);
  });

  it("applies a clock move and a reset made through A's control API on B", async () => {
    const ns = { 'X-Authmock-Namespace': 'two-servers' };
    const token = (await send(a.baseUrl, 'POST', '/rest/V1/integration/customer/token', { json: RONI, headers: ns })).body as string;
    expect((await send(b.baseUrl, 'GET', '/rest/V1/customers/me', { token, headers: ns })).status).toBe(200);

    expect((await send(a.baseUrl, 'POST', '/__authmock/clock', { json: { advanceSeconds: 3600 }, headers: ns })).status).toBe(200);
    expect((await send(b.baseUrl, 'GET', '/__authmock/clock', { headers: ns })).body.offsetSeconds).toBe(3600);

    expect((await send(a.baseUrl, 'POST', '/__authmock/reset', { headers: { ...ns, ...CONTROL_CLIENT } })).status).toBe(204);
    expect((await send(b.baseUrl, 'GET', '/rest/V1/customers/me', { token, headers: ns })).status).toBe(401);
    expect((await send(b.baseUrl, 'GET', '/__authmock/clock', { headers: ns })).body.offsetSeconds).toBe(0);
    // the default namespace was not touched
    expect((await customerLogin(b.baseUrl, RONI)).status).toBe(200);
  });

  it('gives tokens issued on A and B at the same time distinct ids, each working on the other server', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => customerToken(i % 2 ? a.baseUrl : b.baseUrl)));
    expect(new Set(tokens).size).toBe(20);
    const answers = await Promise.all(tokens.map((t, i) => customerMe(i % 2 ? b.baseUrl : a.baseUrl, t)));
    expect(answers.map((r) => r.status)).toEqual(tokens.map(() => 200));
  });
});
