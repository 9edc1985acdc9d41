import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { CONTROL_CLIENT } from '../support/wire.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

/**
 * A hostile page on another origin (another local port): each line says what one try got,
 * `blocked` when the browser kept the answer from the page (no CORS, a refused preflight).
 */
const PAGE = `<!doctype html><html><body><pre id="out">running</pre><script>
const api = new URLSearchParams(location.search).get('api');
const mint = JSON.stringify({ api: 'commerce', userType: 'admin', userId: '1' });
async function attempt(name, run) {
  try {
    const res = await run();
    return name + ' ' + (res.type === 'opaque' ? 'opaque' : res.status + ' ' + (await res.text()).slice(0, 40));
  } catch (err) {
    return name + ' blocked';
  }
}
(async () => {
  const lines = [];
  lines.push(await attempt('mint-json', () => fetch(api + '/__authmock/tokens', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: mint })));
  lines.push(await attempt('mint-plain', () => fetch(api + '/__authmock/tokens', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: mint })));
  lines.push(await attempt('journal', () => fetch(api + '/__authmock/requests')));
  lines.push(await attempt('reset-client', () => fetch(api + '/__authmock/reset', { method: 'POST', headers: { 'X-Authmock-Client': 'page' } })));
  // a body-less text/plain POST, as a form or a beacon sends it: no preflight
  lines.push(await attempt('reset-no-cors', () => fetch(api + '/__authmock/reset', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } })));
  lines.push(await attempt('clock-no-cors', () => fetch(api + '/__authmock/clock', { method: 'POST', mode: 'no-cors', body: '{"advanceSeconds":86400}' })));
  document.getElementById('out').textContent = lines.join('\\n');
})();
</script></body></html>`;

describe.skipIf(NO_CHROMIUM)('the control API and a hostile page in Chromium', () => {
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    page = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE));
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
    // a rebinding attacker's name, already pointed at this machine
    browser = await launchChromium(['--host-resolver-rules=MAP attacker.example 127.0.0.1']);
  });

  afterAll(async () => {
    await browser?.close();
    page?.close();
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  async function serve(args: string[] = []): Promise<ServerProcess> {
    const server = await startServer(args);
    servers.push(server);
    // the clock moved a minute, so that a reset would show
    await control(server, 'POST', '/__authmock/clock', { advanceSeconds: 60 });
    return server;
  }

  function control(server: ServerProcess, method: string, path: string, body?: unknown): Promise<Response> {
    const headers = body === undefined ? CONTROL_CLIENT : { 'Content-Type': 'application/json' };
    return fetch(server.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function runPage(server: ServerProcess): Promise<string[]> {
    const tab = await browser.newPage();
    await tab.goto(`${pageUrl}?api=${encodeURIComponent(server.baseUrl)}`);
    await tab.waitForFunction(() => document.getElementById('out')!.textContent !== 'running', undefined, { timeout: 15_000 });
    const text = (await tab.textContent('#out')) ?? '';
    await tab.close();
    return text.split('\n');
  }

  async function expectUntouched(server: ServerProcess): Promise<void> {
    expect((await (await control(server, 'GET', '/__authmock/clock')).json()).offsetSeconds).toBe(60);
    expect(await (await control(server, 'GET', '/__authmock/tokens')).json()).toEqual([]);
  }

  it('can neither mint a token, read the journal, reset nor move the clock', async () => {
    const server = await serve();
    expect(await runPage(server)).toEqual([
      'mint-json blocked',
      'mint-plain blocked',
      'journal blocked',
      'reset-client blocked',
      'reset-no-cors opaque',
      'clock-no-cors opaque',
    ]);
    await expectUntouched(server);
  });

  it('is refused the same with --cors-origin naming another origin', async () => {
    const server = await serve(['--cors-origin', 'http://app.example']);
    expect(await runPage(server)).toEqual([
      'mint-json blocked',
      'mint-plain blocked',
      'journal blocked',
      'reset-client blocked',
      'reset-no-cors opaque',
      'clock-no-cors opaque',
    ]);
    await expectUntouched(server);
  });

  it('is refused by Host when its own name was rebound to 127.0.0.1', async () => {
    const server = await serve();
    const port = new URL(server.baseUrl).port;
    const tab = await browser.newPage();
    const ui = await tab.goto(`http://attacker.example:${port}/__authmock/ui`);
    expect(ui?.status()).toBe(403);
    // same-origin now, so the page reads what it gets: a 403 for each
    const statuses = await tab.evaluate(async () => {
      const json = { 'Content-Type': 'application/json' };
      const tries = [
        fetch('/__authmock/requests'),
        fetch('/__authmock/tokens', { method: 'POST', headers: json, body: '{"api":"commerce","userType":"admin","userId":"1"}' }),
        fetch('/__authmock/reset', { method: 'POST', headers: { 'X-Authmock-Client': 'page' } }),
      ];
      return Promise.all(tries.map(async (t) => (await t).status));
    });
    expect(statuses).toEqual([403, 403, 403]);
    await tab.close();
    await expectUntouched(server);
  });

  it('lets a page whose origin --cors-origin lists drive it, with X-Authmock-Client on a reset', async () => {
    const server = await serve(['--cors-origin', pageUrl.replace(/\/$/, '')]);
    const lines = await runPage(server);
    expect(lines[0]).toMatch(/^mint-json 201 /);
    expect(lines[2]).toMatch(/^journal 200 /);
    expect(lines[3]).toBe('reset-client 204 ');
  });
});
