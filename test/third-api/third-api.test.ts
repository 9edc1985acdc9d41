import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { createRuntime, type Runtime } from '../../src/runtime/create-runtime.js';
import { builtinApis } from '../../src/check/check-command.js';
import type { CheckedApi } from '../../src/check/spec-model.js';
import { createApp } from '../../src/http/create-app.js';
import { createLogger } from '../../src/log/create-logger.js';
import { API_MODULES, type ApiModule } from '../../src/apis/index.js';
import { runCheckCommand, type CheckFlags } from '../../src/check/check-command.js';
import type { ResponseViolation } from '../../src/pipeline/validate.js';
import { notesChecked, notesModule } from './notes/index.js';
import { userToIdentity } from './notes/identities.js';

const ROOT = join(import.meta.dirname, '..', '..');

// The third API is given to the runtime and the checker beside the registry, which stays as it is.
const MODULES: readonly ApiModule[] = [...API_MODULES, notesModule];

let server: Server;
let runtime: Runtime;
let url: string;
const store = new MemoryStore();
const violations: ResponseViolation[] = [];

beforeAll(async () => {
  const config = { ...defaultConfig(ROOT), state: 'memory' as const, logLevel: 'silent' as const, cacheDir: undefined };
  runtime = await createRuntime({
    config,
    store,
    modules: MODULES,
    log: createLogger('silent'),
    hooks: { onResponseViolation: (v) => violations.push(v) },
  });
  const app = await createApp(runtime);
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  runtime.address.url = url;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const post = (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${url}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const getNotes = (token?: string) => fetch(`${url}/notesapi/notes`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function logIn(username: string, password: string): Promise<string> {
  const res = await post('/notesapi/login', { username, password });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const CHECKED: readonly CheckedApi[] = [...builtinApis(), notesChecked];
const SOCIAL = builtinApis().filter((a) => a.name === 'social');

async function check(modules: readonly CheckedApi[], api: string): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const flags: CheckFlags = { target: url, api, builtinSpecs: join(ROOT, 'specs'), lockout: false, lockoutAttempts: '6', timeout: '10000' };
  const code = await runCheckCommand(ROOT, flags, { stdout, stderr: new PassThrough(), env: { NO_COLOR: '1' } }, modules);
  return { code, out };
}

describe('a third API built from a folder of its own', () => {
  it('logs in with its fixture user and serves that user its notes with the token', async () => {
    const token = await logIn('reader', 'reader-password');
    expect(token).toMatch(/^nt_\d+\./);
    const res = await getNotes(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      owner: 'reader',
      notes: [
        { id: 1, text: 'buy milk' },
        { id: 2, text: 'call the plumber' },
      ],
    });
  });

  it("answers its own 401 without a token, with a garbage token, and with another API's token", async () => {
    for (const token of [undefined, 'garbage', 'nt_1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await getNotes(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'TOKEN_REQUIRED', message: 'A valid token is required.' });
    }
    const social = await post('/socialapi/auth/post/login', {
      username: 'jane.doe',
      password: 'jane-password',
      apiKey: 'demo-mobile-app',
      secretKey: 'x',
    });
    expect(social.status).toBe(401); // the registry's APIs are served beside it, each in its own dialect
  });

  it('refuses wrong credentials and answers the spec-validated 400 for a bad body', async () => {
    expect((await post('/notesapi/login', { username: 'reader', password: 'nope' })).status).toBe(401);
    const bad = await post('/notesapi/login', { username: 42 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'INVALID_BODY' });
    expect((await post('/notesapi/login', '{not json')).status).toBe(400);
    expect((await post('/notesapi/login', 'username=reader', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('logs in a user created through the Store', async () => {
    const secrets = runtime.services.secrets;
    const user = { username: 'writer', passwordDigest: secrets.digest('writer-password'), notes: [{ id: 7, text: 'from the store' }] };
    await logIn('reader', 'reader-password'); // the default namespace is seeded on first use, before the new user is put
    expect(await store.identities.put({ ns: 'default', identity: userToIdentity(user) })).toBe('ok');
    const res = await getNotes(await logIn('writer', 'writer-password'));
    expect(await res.json()).toEqual({ owner: 'writer', notes: [{ id: 7, text: 'from the store' }] });
  });

  it('passes every case of `authmock check --api notes` given the registry and the third API', async () => {
    const { code, out } = await check(CHECKED, 'notes');
    expect(out).toMatch(/notes listNotes {2}a notes token -> served/);
    // the other APIs' tokens need --api all; the run below has them
    expect(out).toMatch(/PASS {2}\d+ cases passed, 0 failed, 4 skipped/);
    expect(code).toBe(0);
  });

  it('passes every case against it and the social API together, other-API tokens both ways', async () => {
    const { code, out } = await check([...SOCIAL, notesChecked], 'all');
    expect(out).toMatch(/notes listNotes {2}a social userToken \(other API\) -> denied/);
    expect(out).toMatch(/social getProfile {2}a notes token \(other API\) -> denied/);
    expect(out).toMatch(/PASS {2}\d+ cases passed, 0 failed, 0 skipped/);
    expect(code).toBe(0);
  });

  it('passes every case of `authmock check` given only the notes module', async () => {
    const { code, out } = await check([notesChecked], 'all');
    expect(out).toMatch(/PASS {2}\d+ cases passed, 0 failed, 0 skipped/);
    expect(code).toBe(0);
  });

  it('answered nothing its spec does not declare', () => {
    expect(violations).toEqual([]);
  });
});
