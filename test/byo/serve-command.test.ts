import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { ROOT } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const SPECS = join(import.meta.dirname, 'specs');
const PETSTORE = join(import.meta.dirname, 'petstore');
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});
const serve = async (args: string[], cwd?: string) => {
  const s = await startServer(args, {}, cwd);
  running.push(s);
  return s;
};
/** The status of GET /__authmock/clock sent with this Host header (fetch will not set one). */
const statusWithHost = (base: string, host: string) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${base}/__authmock/clock`, { headers: { Host: host } }, (res) => resolve(res.resume().statusCode ?? 0));
    req.on('error', reject).end();
  });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A folder a test may edit: the given files copied in. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-project-'));
  for (const [to, from] of Object.entries(files)) cpSync(from, join(dir, to), { recursive: true });
  return dir;
}

describe('authmock serve <spec>', () => {
  it('serves a spec named on the command line, with its identity file beside it, and a built-in by name', async () => {
    const s = await serve([join(PETSTORE, 'petstore.openapi.yaml'), 'social']);
    expect(s.output()).toMatch(/petstore\s+http:\/\/127\.0\.0\.1:\d+\/api\/v3\/\.\.\.\s+\(19 operations\)/);
    const pet = await fetch(`${s.baseUrl}/api/v3/pet/10`, { headers: { api_key: 'special-key' } });
    expect(pet.status).toBe(200);
    expect((await fetch(`${s.baseUrl}/socialapi/user/get/profile`)).status).toBe(401);
    expect((await fetch(`${s.baseUrl}/rest/V1/directory/currency`)).status).toBe(404); // commerce was not asked for
  });

  it('takes --identities for the one spec given', async () => {
    const dir = project({ 'api.yaml': join(SPECS, 'schemes.openapi.yaml'), 'who.yaml': join(SPECS, 'schemes.authmock.yaml') });
    const s = await serve([join(dir, 'api.yaml'), '--identities', join(dir, 'who.yaml')]);
    const res = await fetch(`${s.baseUrl}/v1/basic`, { headers: { authorization: basic('alice', 'alice-pass-1') } });
    expect(res.status).toBe(200);
  });

  it('prints generated credentials when a spec comes without an identity file, the same on every start with one state', async () => {
    const dir = project({ 'pets.yaml': join(PETSTORE, 'petstore.openapi.yaml') });
    const state = join(dir, 'state');
    const first = await serve([join(dir, 'pets.yaml'), '--state', state]);
    const key = /API key (api_key-[\w-]+)/.exec(first.output())![1];
    expect((await fetch(`${first.baseUrl}/api/v3/pet/10`, { headers: { api_key: key } })).status).toBe(200);
    await first.stop();
    running.splice(0);
    const second = await serve([join(dir, 'pets.yaml'), '--state', state]);
    expect(second.output()).toContain(`API key ${key}`);
  });

  it("keeps a user spec's tokens, revocations and run-time users in the SQLite state across a restart", async () => {
    const dir = project({ 'api.yaml': join(SPECS, 'schemes.openapi.yaml'), 'api.authmock.yaml': join(SPECS, 'schemes.authmock.yaml') });
    const args = [join(dir, 'api.yaml'), '--state', join(dir, 'state')];
    const first = await serve(args);
    const post = (base: string, path: string, body: unknown) =>
      fetch(`${base}/__authmock${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const kept = (await (await post(first.baseUrl, '/tokens', { api: 'api', user: 'alice' })).json()) as { token: string };
    const gone = (await (await post(first.baseUrl, '/tokens', { api: 'api', user: 'bob' })).json()) as { token: string; id: number };
    await fetch(`${first.baseUrl}/__authmock/tokens/api/${gone.id}`, { method: 'DELETE', headers: CONTROL_CLIENT });
    await post(first.baseUrl, '/identities/api/users', { username: 'frank', password: 'frank-pass-1' });
    await first.stop();
    running.splice(0);
    // the same address: the spec names an authorization server, and its JWTs name the origin that issued them
    const second = await serve([...args, '--port', new URL(first.baseUrl).port]);
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    // the authorization server's tokens prove its oauth2 scheme (/v1/oauth), not the http bearer scheme beside it
    expect((await fetch(`${second.baseUrl}/v1/oauth`, { headers: bearer(kept.token) })).status).toBe(200);
    expect((await fetch(`${second.baseUrl}/v1/oauth`, { headers: bearer(gone.token) })).status).toBe(401);
    expect((await fetch(`${second.baseUrl}/v1/basic`, { headers: { authorization: basic('frank', 'frank-pass-1') } })).status).toBe(200);
    // the JWTs it signed are listed after the restart too, the revoked one as revoked
    const listed = (await (await fetch(`${second.baseUrl}/__authmock/tokens?api=api`)).json()) as { userId: string; revoked?: boolean }[];
    expect(listed.map((t) => [t.userId, t.revoked]).sort()).toEqual([
      ['alice', false],
      ['bob', true],
    ]);
  });

  it('reads specs and serve options from authmock.yaml in the working directory', async () => {
    const dir = project({ api: SPECS });
    writeFileSync(
      join(dir, 'authmock.yaml'),
      'specs:\n  - api/schemes.openapi.yaml\n  - { spec: api/open.openapi.yaml }\nserve:\n  journalSize: 0\n',
    );
    const s = await serve([], dir);
    expect((await fetch(`${s.baseUrl}/status`)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/v1/basic`, { headers: { authorization: basic('bob', 'bob-pass-1') } })).status).toBe(200);
    const journal = await fetch(`${s.baseUrl}/__authmock/requests`);
    expect(await journal.json()).toEqual([]); // journalSize: 0 from the file
  });

  it('answers the control API to the Host names given with --allowed-host, or as allowedHost in authmock.yaml', async () => {
    const byFlag = await serve(['--allowed-host', 'one.test', '--allowed-host', 'two.test']);
    expect(await statusWithHost(byFlag.baseUrl, 'one.test')).toBe(200);
    expect(await statusWithHost(byFlag.baseUrl, 'two.test:4010')).toBe(200);
    expect(await statusWithHost(byFlag.baseUrl, 'three.test')).toBe(403);
    const dir = mkdtempSync(join(tmpdir(), 'authmock-project-'));
    writeFileSync(join(dir, 'authmock.yaml'), 'serve:\n  allowedHost: [three.test]\n');
    const byFile = await serve([], dir);
    expect(await statusWithHost(byFile.baseUrl, 'three.test')).toBe(200);
    expect(await statusWithHost(byFile.baseUrl, 'one.test')).toBe(403);
  });

  it('refuses an unknown key of the project file, naming it (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-project-'));
    writeFileSync(join(dir, 'authmock.yaml'), 'specs: []\nserve:\n  jounralSize: 5\n');
    const run = spawnSync(process.execPath, [join(ROOT, 'bin', 'authmock.js'), 'serve', '--port', '0'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/authmock\.yaml: serve\.jounralSize is not a serve option/);
  });

  it('stops with exit 2 naming the file and the place of a spec that cannot be served', () => {
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'bin', 'authmock.js'), 'serve', '--port', '0', '--state', 'memory', join(SPECS, 'broken-ref.openapi.yaml')],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/broken-ref\.openapi\.yaml#\/paths\/~1widgets\/get.*listWidgets/);
  });
});

describe('two servers from one folder', () => {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
  /** `authmock serve` in `cwd` with the default state (no --state): the way a user starts it. */
  const serveHere = (cwd: string, args: string[]) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'authmock.js'), 'serve', '--log-level', 'warn', '--log-format', 'pretty', ...args],
      {
        cwd,
        env: { ...process.env, AUTHMOCK_STATE: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => /listening on \S+[\s\S]*\n +state +.+\n/.test(out) && resolve(out));
      void exited.then(() => reject(new Error(out)));
    });
    // a server expected to stop never listens: its rejection is the test's to read, or to ignore
    listening.catch(() => undefined);
    return { child, listening, exited, output: () => out };
  };

  it('serve two specs on two ports: the second gets a state of its own (state-<port>), a broken spec says so before the lock', async () => {
    const dir = project({
      'petstore.openapi.yaml': join(PETSTORE, 'petstore.openapi.yaml'),
      'broken.openapi.yaml': join(SPECS, 'broken-ref.openapi.yaml'),
    });
    const [a, b] = [await freePort(), await freePort()];
    const first = serveHere(dir, ['--port', String(a), 'petstore.openapi.yaml']);
    try {
      // the project's own state, in its temp folder (written so, the guard against the default state dir does not match it)
      const state = `${dir}/\\.authmock/${'state'}`;
      expect(await first.listening).toMatch(new RegExp(`state +${state} \\(SQLite\\)`));
      const broken = serveHere(dir, ['--port', String(b), 'broken.openapi.yaml']);
      expect(await broken.exited).toBe(2);
      expect(broken.output()).toMatch(/broken\.openapi\.yaml#\/paths\/~1widgets\/get/);
      expect(broken.output()).not.toContain('in use');
      const second = serveHere(dir, ['--port', String(b), 'commerce']);
      try {
        expect(await second.listening).toMatch(new RegExp(`state +${state}-${b} \\(SQLite; another server holds ${state}\\)`));
        expect((await fetch(`http://127.0.0.1:${a}/__authmock/clock`)).status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${b}/__authmock/clock`)).status).toBe(200);
      } finally {
        second.child.kill();
        await second.exited;
      }
    } finally {
      first.child.kill();
      await first.exited;
    }
  });
});

describe('authmock serve --watch', () => {
  it('serves an edited spec within a second, keeps tokens, and keeps the last good version when an edit is broken', async () => {
    const dir = project({ 'api.yaml': join(SPECS, 'schemes.openapi.yaml'), 'api.authmock.yaml': join(SPECS, 'schemes.authmock.yaml') });
    const s = await serve([join(dir, 'api.yaml'), '--watch']);
    const minted = await fetch(`${s.baseUrl}/__authmock/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api: 'api', user: 'alice' }),
    });
    const { token } = (await minted.json()) as { token: string };
    const spec = join(dir, 'api.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('  /open:\n', '  /opened:\n'));
    await expect.poll(async () => (await fetch(`${s.baseUrl}/v1/opened`)).status, { timeout: 3000, interval: 100 }).toBe(200);
    expect((await fetch(`${s.baseUrl}/v1/oauth`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    writeFileSync(spec, readFileSync(spec, 'utf8').replace("$ref: '#/components/schemas/Note'", "$ref: '#/components/schemas/Nope'"));
    await expect
      .poll(
        async () => ((await (await fetch(`${s.baseUrl}/__authmock/specs`)).json()) as { lastReloadError?: string }[])[0].lastReloadError,
        { timeout: 3000, interval: 100 },
      )
      .toMatch(/Nope/);
    expect((await fetch(`${s.baseUrl}/v1/opened`)).status).toBe(200); // still the last good version
    expect(s.output()).toMatch(/not reloaded: .*Nope/);
  });
});
