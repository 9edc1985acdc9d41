import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
});

async function start(args: string[]): Promise<ServerProcess> {
  const s = await startServer(args);
  running.push(s);
  return s;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function customerToken(base: string): Promise<string> {
  const res = await fetch(
    `${base}/rest/V1/integration/customer/token`,
    json({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as string;
}

describe('the real server process keeps its state', () => {
  it('keeps a token valid across a restart, and a revocation in force after the next one', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-state-'));
    let server = await start(['--state', state]);
    const token = await customerToken(server.baseUrl);
    expect((await fetch(`${server.baseUrl}/rest/V1/customers/me`, bearer(token))).status).toBe(200);
    await server.stop();

    server = await start(['--state', state]);
    const me = await fetch(`${server.baseUrl}/rest/V1/customers/me`, bearer(token));
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).email).toBe('roni_cost@example.com');
    const revoke = await fetch(`${server.baseUrl}/rest/V1/integration/customer/revoke-customer-token`, {
      method: 'POST',
      ...bearer(token),
    });
    expect(await revoke.json()).toBe(true);
    await server.stop();

    server = await start(['--state', state]);
    const after = await fetch(`${server.baseUrl}/rest/V1/customers/me`, bearer(token));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: 'self' },
    });
  });

  it('loses nothing it answered before being killed with SIGKILL', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-state-'));
    let server = await start(['--state', state]);
    const login = await fetch(
      `${server.baseUrl}/socialapi/auth/post/login`,
      json({ username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' }),
    );
    const { userToken } = ((await login.json()) as any).user;
    for (let i = 0; i < 6; i++) {
      await fetch(`${server.baseUrl}/rest/V1/integration/customer/token`, json({ username: 'john.smith@example.com', password: 'wrong' }));
    }
    await server.stop('SIGKILL');

    server = await start(['--state', state]);
    expect((await fetch(`${server.baseUrl}/socialapi/user/get/profile`, bearer(userToken))).status).toBe(200);
    const locked = await fetch(
      `${server.baseUrl}/rest/V1/integration/customer/token`,
      json({ username: 'john.smith@example.com', password: 'John-Smith-1' }),
    );
    expect(locked.status).toBe(401);
  });

  it('forgets everything with --reset and keeps nothing with --state memory', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-state-'));
    let server = await start(['--state', state]);
    const token = await customerToken(server.baseUrl);
    await server.stop();
    server = await start(['--state', state, '--reset']);
    expect((await fetch(`${server.baseUrl}/rest/V1/customers/me`, bearer(token))).status).toBe(401);
    await server.stop();

    server = await start(['--state', 'memory']);
    const memoryToken = await customerToken(server.baseUrl);
    await server.stop();
    server = await start(['--state', 'memory']);
    expect((await fetch(`${server.baseUrl}/rest/V1/customers/me`, bearer(memoryToken))).status).toBe(401);
  });
});

describe('the state directory', () => {
  it('is used by one server at a time: a second one is refused with a clear message', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-state-'));
    await start(['--state', state]);
    await expect(startServer(['--state', state])).rejects.toThrow(/in use by another authmock process/);
  });
});

describe('the command line', () => {
  it('prints where each API is served and the default accounts', async () => {
    const server = await start(['--state', 'memory']);
    expect(server.output()).toMatch(/commerce\s+http:\/\/127\.0\.0\.1:\d+\/rest\/V1/);
    expect(server.output()).toMatch(/social\s+http:\/\/127\.0\.0\.1:\d+\/socialapi/);
    expect(server.output()).toContain('roni_cost@example.com');
    expect(server.output()).toContain('jane.doe');
  });

  it('refuses a bad flag value with a clear message', async () => {
    await expect(startServer(['--port', 'abc'])).rejects.toThrow(/--port must be a whole number/);
  });

  it('stops the start naming the file of a broken fixture set', async () => {
    await expect(startServer(['--fixtures', '/nonexistent-dir'])).rejects.toThrow(/commerce\.yaml : is missing|commerce\.yaml.*missing/);
  });
});
