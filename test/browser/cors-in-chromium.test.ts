import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

/** A front end on another origin: logs in, then reads /me with the token, as an app would. */
const PAGE = `<!doctype html><html><body><pre id="out">running</pre><script>
const api = new URLSearchParams(location.search).get('api');
const credentials = new URLSearchParams(location.search).get('credentials') || 'same-origin';
(async () => {
  const lines = [];
  try {
    const login = await fetch(api + '/rest/V1/integration/customer/token', {
      method: 'POST', credentials, headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' }) });
    const token = await login.json();
    lines.push('login ' + login.status);
    const me = await fetch(api + '/rest/V1/customers/me', { credentials, headers: { Authorization: 'Bearer ' + token } });
    const body = await me.json();
    lines.push('me ' + me.status + ' ' + body.firstname + ' ' + body.lastname);
    const social = await fetch(api + '/socialapi/auth/post/login', {
      method: 'POST', credentials, headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'jane.doe', password: 'jane-password-1', apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' }) });
    lines.push('social ' + social.status + ' ' + (await social.json()).user.username);
  } catch (err) {
    lines.push('blocked ' + err.name);
  }
  document.getElementById('out').textContent = lines.join('\\n');
})();
</script></body></html>`;

describe.skipIf(NO_CHROMIUM)('a browser front end on another origin', () => {
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    page = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE));
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    page?.close();
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  async function runPage(args: string[], credentials = 'same-origin'): Promise<string> {
    const server = await startServer(['--state', 'memory', ...args]);
    servers.push(server);
    const tab = await browser.newPage();
    await tab.goto(`${pageUrl}?api=${encodeURIComponent(server.baseUrl)}&credentials=${credentials}`);
    await tab.waitForFunction(() => document.getElementById('out')!.textContent !== 'running', undefined, { timeout: 15_000 });
    const text = (await tab.textContent('#out')) ?? '';
    await tab.close();
    return text;
  }

  it('logs in and reads the customer with a Bearer token through CORS preflights', async () => {
    const text = await runPage([]);
    expect(text).toBe('login 200\nme 200 Veronica Costello\nsocial 201 jane.doe');
  });

  it('is blocked by the browser when its origin is not among the allowed ones', async () => {
    const text = await runPage(['--cors-origin', 'http://app.example']);
    expect(text).toBe('blocked TypeError');
  });

  it('works when its origin is the one allowed', async () => {
    const text = await runPage(['--cors-origin', pageUrl.replace(/\/$/, '')]);
    expect(text).toContain('me 200 Veronica Costello');
  });

  it('is blocked by default when the page asks for credentials (any origin is allowed only without them)', async () => {
    const text = await runPage([], 'include');
    expect(text).toBe('blocked TypeError');
  });

  it('may send credentials when its origin is listed with --cors-origin', async () => {
    const text = await runPage(['--cors-origin', pageUrl.replace(/\/$/, '')], 'include');
    expect(text).toBe('login 200\nme 200 Veronica Costello\nsocial 201 jane.doe');
  });
});
