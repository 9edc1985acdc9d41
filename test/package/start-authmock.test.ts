import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { request as httpRequest } from 'node:http';
import { startAuthmock, type Authmock } from '../../src/index.js';

const started: Authmock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((am) => am.close()));
});

async function start(options: Parameters<typeof startAuthmock>[0] = {}): Promise<Authmock> {
  const am = await startAuthmock({ cacheDir: undefined, logLevel: 'silent', ...options });
  started.push(am);
  return am;
}

async function customerToken(base: string, password = 'roni_cost3@example.com'): Promise<Response> {
  return fetch(`${base}/rest/V1/integration/customer/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'roni_cost@example.com', password }),
  });
}

describe('startAuthmock', () => {
  it('listens on a free port in memory and answers a login at its url', async () => {
    const am = await start();
    expect(am.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(am.port).toBeGreaterThan(0);
    const res = await customerToken(am.url);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatch(/^[0-9a-z]{32}$/);
  });

  it('gives a typed control client that moves the clock of the default namespace', async () => {
    const am = await start();
    const before = await am.control.GET('/__authmock/clock');
    expect(before.response.status).toBe(200);
    const moved = await am.control.POST('/__authmock/clock', { body: { advanceSeconds: 3600 } });
    expect(moved.data?.offsetSeconds).toBe(3600);
  });

  it('keeps a namespace apart: a lockout in one leaves the default accounts usable', async () => {
    const am = await start({ lockout: { maxFailures: 2 } });
    const ns = am.namespace('worker-1');
    expect(ns.url).toBe(`${am.url}/__ns/worker-1`);
    for (let i = 0; i < 3; i++) await customerToken(ns.url, 'wrong-password');
    expect((await customerToken(ns.url)).status).toBe(401);
    expect((await customerToken(am.url)).status).toBe(200);
    const locks = await ns.control.GET('/__authmock/lockouts');
    expect(JSON.stringify(locks.data)).toContain('roni_cost@example.com');
    const own = await am.control.GET('/__authmock/lockouts');
    expect(JSON.stringify(own.data)).not.toContain('roni_cost@example.com');
  });

  it('sends a namespace control client to that namespace only', async () => {
    const am = await start();
    await am.namespace('a').control.POST('/__authmock/clock', { body: { advanceSeconds: 60 } });
    expect((await am.namespace('a').control.GET('/__authmock/clock')).data?.offsetSeconds).toBe(60);
    expect((await am.namespace('b').control.GET('/__authmock/clock')).data?.offsetSeconds).toBe(0);
  });

  it("answers the fixtures' thumbnails at the address it listens on", async () => {
    const am = await start();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      apiKey: 'demo-mobile-app',
      secretKey: 'demo-mobile-secret',
      email: 'jane.doe',
      password: 'jane-password-1',
    }))
      form.append(k, v);
    const res = await fetch(`${am.url}/socialapi/auth/post/login`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const thumbnail = (await res.json()).user.thumbnail;
    expect(thumbnail).toBe(`${am.url}/socialapi/static/thumbs/jane.doe.png`);
    const image = await fetch(thumbnail);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('refuses a namespace name the server would not accept', async () => {
    const am = await start();
    expect(() => am.namespace('../x')).toThrow(/A-Za-z0-9_-/);
  });

  it('sends the control key the server was given', async () => {
    const am = await start({ host: '127.0.0.1', controlKey: 'k-123' });
    const res = await am.control.GET('/__authmock/clock');
    expect(res.response.status).toBe(200);
    const bare = await fetch(`${am.url}/__authmock/clock`);
    expect(bare.status).toBe(401);
  });

  it('resets and rotates keys through the typed client, which a cross-site form cannot do', async () => {
    const am = await start();
    await am.control.POST('/__authmock/clock', { body: { advanceSeconds: 60 } });
    const reset = await am.control.POST('/__authmock/reset');
    expect(reset.response.status).toBe(204);
    expect((await am.control.GET('/__authmock/clock')).data?.offsetSeconds).toBe(0);
    const form = await fetch(`${am.url}/__authmock/reset`, { method: 'POST', body: 'x=1', headers: { 'Content-Type': 'text/plain' } });
    expect(form.status).toBe(403);
  });

  it('answers the control API to a Host named in allowedHosts, and to no other name', async () => {
    const am = await start({ allowedHosts: ['authmock.test'] });
    const at = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${am.url}/__authmock/clock`, { headers: { Host: host } }, (res) => resolve(res.resume().statusCode ?? 0));
        req.on('error', reject).end();
      });
    expect(await at(`authmock.test:${am.port}`)).toBe(200);
    expect(await at(`attacker.example:${am.port}`)).toBe(403);
  });

  it('closes: the port is free again afterwards', async () => {
    const am = await startAuthmock({ cacheDir: undefined, logLevel: 'silent' });
    await am.close();
    await am.close();
    await expect(fetch(am.url)).rejects.toThrow();
  });

  it('names a port in use as such, not as a raw EADDRINUSE', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startAuthmock({ port, cacheDir: undefined, logLevel: 'silent' })).rejects.toThrow(
        /port \d+ on 127\.0\.0\.1 is already in use.*--port/,
      );
    } finally {
      blocker.close();
    }
  });

  it('names a missing specs directory', async () => {
    await expect(startAuthmock({ specsDir: '/nonexistent/specs', cacheDir: undefined, logLevel: 'silent' })).rejects.toThrow(
      /--builtin-specs \/nonexistent\/specs: no such directory/,
    );
  });
});
