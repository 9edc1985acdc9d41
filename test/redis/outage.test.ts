import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import {
  UNAVAILABLE,
  customerLogin,
  customerMe,
  customerToken,
  eventually,
  send,
  socialLogin,
  socialProfile,
  socialToken,
  RONI,
} from './support/http.js';
import { CONTROL_CLIENT } from '../support/wire.js';

/**
 * Redis lost while serving: each API answers its own 503, the process stays up, and
 * service comes back by itself with Redis. The Redis here keeps its data on disk
 * (appendfsync always), so tokens issued before the outage work after it.
 */
describe.skipIf(SKIP_REDIS)('a server whose Redis goes away and comes back', () => {
  let redis: RedisServer;
  let server: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis({ fsyncAlways: true });
    server = await startServer(['--state', redis.url]);
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.dispose();
  });

  it("answers each API's 503 while Redis is down, stays up, and serves again once it is back", async () => {
    const base = server.baseUrl;
    const commerce = await customerToken(base);
    const social = await socialToken(base);
    // read once, so the read cache holds them: unverified while Redis is away, it must not answer
    expect((await customerMe(base, commerce)).status).toBe(200);
    expect((await socialProfile(base, social)).status).toBe(200);
    await redis.stop();

    const me = await customerMe(base, commerce);
    expect(me).toMatchObject({ status: 503, type: 'application/json; charset=utf-8', body: { message: UNAVAILABLE } });
    const xml = await customerMe(base, commerce, { Accept: 'application/xml' });
    expect(xml.status).toBe(503);
    expect(xml.body).toContain(`<message>${UNAVAILABLE}</message>`);
    expect(await customerLogin(base, RONI)).toMatchObject({ status: 503, body: { message: UNAVAILABLE } });
    expect(await socialLogin(base)).toMatchObject({ status: 503, body: { status: false, message: UNAVAILABLE } });
    expect(await socialProfile(base, social)).toMatchObject({ status: 503, body: { status: false, message: UNAVAILABLE } });
    const control = await send(base, 'POST', '/__authmock/reset', { headers: CONTROL_CLIENT });
    expect(control).toMatchObject({ status: 503, type: 'application/problem+json', body: { status: 503, title: 'Service Unavailable' } });
    expect(await send(base, 'GET', '/__authmock/health')).toMatchObject({ status: 503, body: { status: 'unavailable', store: 'redis' } });
    expect(server.child.exitCode).toBeNull();
    // the log line comes from the client's error event, which may trail the first 503s
    expect(await eventually(async () => /is unreachable/.test(server.output()), 5000)).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled|TypeError|at .*\.js:\d+/);

    await redis.restart();
    expect(await eventually(async () => (await customerMe(base, commerce)).status === 200)).toBe(true);
    expect((await socialProfile(base, social)).status).toBe(200);
    expect((await customerLogin(base, RONI)).status).toBe(200);
    expect(await eventually(async () => /is back/.test(server.output()), 5000)).toBe(true);
  });

  it('answers 503 within the command timeout when Redis hangs, and recovers when it resumes', async () => {
    const base = server.baseUrl;
    const token = await customerToken(base);
    redis.pause();
    try {
      const started = Date.now();
      const me = await customerMe(base, token);
      expect(me).toMatchObject({ status: 503, body: { message: UNAVAILABLE } });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      redis.resume();
    }
    expect(await eventually(async () => (await customerMe(base, token)).status === 200)).toBe(true);
  });
});
