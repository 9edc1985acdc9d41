import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, ROOT } from '../support/make-app.js';

const BIN = join(ROOT, 'bin', 'authmock.js');
const SCRIPT = '/usr/bin/script';

interface Run {
  url: string;
  out: () => string;
  stop: () => Promise<void>;
}

/** `authmock serve` with its standard output a pipe (or a terminal through script(1)); resolves once it listens. */
function serve(args: string[], { tty = false } = {}): Promise<Run> {
  const argv = [BIN, 'serve', '--port', '0', '--state', 'memory', ...args];
  // script(1) gives the server a terminal; its own process group, so a kill reaches the server too
  const child = tty
    ? spawn(SCRIPT, ['-qfec', [process.execPath, ...argv].join(' '), '/dev/null'], {
        detached: true,
        env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' },
      })
    : spawn(process.execPath, argv, { env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1],
        out: () => out,
        stop: () => {
          if (tty) process.kill(-child.pid!, 'SIGTERM');
          else child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

const json = { 'Content-Type': 'application/json' };

describe('authmock serve: the log on standard output', () => {
  it('not a terminal: the banner, one JSON line a request (with the reason for a refusal) and the shutdown; no secret in any', async () => {
    const server = await serve([]);
    const login = await fetch(`${server.url}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(ACCOUNTS.roni),
    });
    const token = (await login.json()) as string;
    await fetch(`${server.url}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${token}` } });
    await fetch(`${server.url}/rest/V1/customers/2`, { headers: { Authorization: `Bearer ${token}` } });
    const wrong = { username: ACCOUNTS.roni.username, password: 'Not-The-Password-7' };
    await fetch(`${server.url}/__ns/w2/rest/V1/integration/customer/token`, { method: 'POST', headers: json, body: JSON.stringify(wrong) });
    await expect
      .poll(
        () =>
          server
            .out()
            .split('\n')
            .filter((l) => l.includes('"msg":"request"')).length,
      )
      .toBe(4);
    await server.stop();

    const lines = server
      .out()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      level: 'info',
      url: server.url,
      state: 'memory',
      msg: expect.stringContaining(`listening on ${server.url} `),
    });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/rest/V1/integration/customer/token', 200],
      ['GET', '/rest/V1/customers/me', 200],
      ['GET', '/rest/V1/customers/2', 401],
      ['POST', '/rest/V1/integration/customer/token', 401],
    ]);
    for (const r of requests) expect(typeof r.ms).toBe('number');
    expect(requests[2].reason).toBe('missing permission Magento_Customer::customer');
    expect(requests[3]).toMatchObject({ ns: 'w2', reason: 'wrong password or unknown user' });
    expect(lines.at(-1)).toMatchObject({ level: 'info', msg: 'stopping', signal: 'SIGTERM' });
    for (const secret of [token, ACCOUNTS.roni.password, wrong.password]) expect(server.out()).not.toContain(secret);
  });

  it('--quiet: the listening line, no line a request', async () => {
    const server = await serve(['--quiet', '--log-format', 'pretty']);
    await fetch(`${server.url}/rest/V1/customers/me`);
    await fetch(`${server.url}/rest/V1/directory/countries`);
    await server.stop();
    expect(server.out().trim().split('\n')).toEqual([expect.stringMatching(/^authmock \S+ listening on http:\/\/127\.0\.0\.1:\d+$/)]);
  });

  it("the banner's names in one column, as wide as the longest (an oauth-server beside a spec)", async () => {
    const server = await serve(['--log-format', 'pretty', join(ROOT, 'test', 'fixtures', 'oauth', 'shop.openapi.yaml')]);
    await server.stop();
    const rows = server
      .out()
      .split('\n')
      .filter((l) => /^ {2}(shop|oauth-server|inspector|state) +http|^ {2}state /.test(l));
    expect(rows.map((l) => l.slice(0, 15))).toEqual(['  shop         ', '  oauth-server ', '  inspector    ', '  state        ']);
  });

  it('JSON: a spec without security is marked open in the start line, as the banner says "served open"', async () => {
    const server = await serve(['--log-format', 'json', join(ROOT, 'test', 'byo', 'specs', 'open.openapi.yaml')]);
    await server.stop();
    const start = JSON.parse(server.out().split('\n')[0]) as { apis: { name: string; open?: boolean }[] };
    // a spec named on the command line is served alone
    expect(start.apis).toEqual([expect.objectContaining({ name: 'open', open: true })]);
  });

  it.skipIf(!existsSync(SCRIPT))('a terminal: pretty, coloured lines (skipped without script(1))', async () => {
    const server = await serve([], { tty: true });
    await fetch(`${server.url}/rest/V1/customers/me`);
    await expect.poll(() => server.out()).toContain('/rest/V1/customers/me');
    await server.stop();
    expect(server.out()).toMatch(/^authmock \S+ listening on http:\/\/127\.0\.0\.1:\d+\r?$/m);
    expect(server.out()).toContain('  state     in memory (nothing is kept)');
    const line = server
      .out()
      .split('\n')
      .find((l) => l.includes('/rest/V1/customers/me'))!;
    expect(line).toContain('\u001b[33m401\u001b[39m');
    expect(line.replace(/\u001b\[\d+m/g, '')).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} GET \/rest\/V1\/customers\/me 401 \d+\.\d ms - no credential; needs self\r?$/,
    );
  });
});
