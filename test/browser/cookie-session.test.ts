import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

const SPEC = join(import.meta.dirname, '..', 'byo', 'session', 'session.openapi.yaml');

/**
 * What a web front end does with a cookie session, run in the page: sign in with
 * credentials included, read the user with the cookie alone (no header the script sets),
 * sign out, read again. Each line says what the page could see.
 */
async function browserSession(api: string): Promise<string> {
  const lines: string[] = [];
  try {
    const init: RequestInit = { credentials: 'include' };
    const login = await fetch(`${api}/auth/local`, {
      ...init,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-pass-1' }),
    });
    lines.push(`login ${login.status} ${(await login.json()).email}`);
    lines.push(`script sees the cookie: ${document.cookie.includes('connect.sid')}`);
    const me = await fetch(`${api}/auth/me`, init);
    lines.push(`me ${me.status} ${(await me.json()).email}`);
    const out = await fetch(`${api}/auth/logout`, { ...init, method: 'POST' });
    lines.push(`logout ${out.status}`);
    lines.push(`me ${(await fetch(`${api}/auth/me`, init)).status}`);
  } catch (err) {
    lines.push(`blocked ${(err as Error).name}`);
  }
  return lines.join('\n');
}

const SIGNED_IN_AND_OUT = [
  'login 200 admin@example.com',
  'script sees the cookie: false',
  'me 200 admin@example.com',
  'logout 200',
  'me 401',
].join('\n');

describe.skipIf(NO_CHROMIUM)('a browser app with a cookie session (token: cookie)', () => {
  let pages: Server;
  let pageOrigin: string;
  let browser: Browser;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    pages = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>app</title>'));
    await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
    pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    pages?.close();
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  /** Opens `pageUrl` in a fresh browser context (its own cookie jar) and runs the session against the API there. */
  async function runSession(serverArgs: string[], pageUrl: (server: ServerProcess) => string): Promise<string> {
    const server = await startServer([SPEC, ...serverArgs]);
    servers.push(server);
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(pageUrl(server));
    const text = await tab.evaluate(browserSession, `${server.baseUrl}/api/v1`);
    await context.close();
    return text;
  }

  it('from a dev server on another origin listed with --cors-origin: the cookie alone authenticates, logout clears it', async () => {
    expect(await runSession(['--cors-origin', pageOrigin], () => `${pageOrigin}/`)).toBe(SIGNED_IN_AND_OUT);
  });

  it('from the same origin as authmock', async () => {
    expect(await runSession([], (server) => `${server.baseUrl}/__authmock/health`)).toBe(SIGNED_IN_AND_OUT);
  });

  it('an origin that is not listed cannot read the login answer', async () => {
    expect(await runSession(['--cors-origin', 'http://app.example'], () => `${pageOrigin}/`)).toBe('blocked TypeError');
  });

  it('nor can any origin under the default `*`, which never carries credentials', async () => {
    expect(await runSession([], () => `${pageOrigin}/`)).toBe('blocked TypeError');
  });
});
