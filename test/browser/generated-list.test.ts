import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { makeApp, ROOT } from '../support/make-app.js';

const CHROMIUM = '/usr/bin/chromium';
// Skipped only on a developer machine without Debian's chromium; CI installs it (.ci/run).
const skip = !existsSync(CHROMIUM) && !process.env.CI;
const TODO = join(ROOT, 'test', 'resources', 'specs', 'todo.openapi.yaml');

/** A to-do app's list screen, as small as one gets: log in, list, one line per to-do. */
const PAGE = `<!doctype html><html><body><ul id="list"></ul><script>
(async () => {
  const login = await fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'alice-pass' }) }).then((r) => r.json());
  const list = await fetch('/api/todos', { headers: { Authorization: 'Bearer ' + login.token } }).then((r) => r.json());
  for (const todo of list.items) {
    const li = document.createElement('li');
    li.textContent = todo.title;
    document.getElementById('list').append(li);
  }
  document.body.dataset.ready = 'yes';
})();
</script></body></html>`;

describe.skipIf(skip)('a list screen of generated to-dos in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const t = makeApp({ specs: [TODO], generate: 25 });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('shows 25 to-dos with 25 different titles', async () => {
    const page = await browser.newPage();
    // the page is served from authmock's own origin, so it calls the API without CORS
    await page.route(`${base}/list.html`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
    await page.goto(`${base}/list.html`);
    await page.locator('body[data-ready="yes"]').waitFor({ timeout: 10_000 });
    const titles = await page.locator('#list li').allTextContents();
    expect(titles).toHaveLength(25);
    expect(new Set(titles).size).toBe(25);
    for (const title of titles) expect(title).toMatch(/^[A-Z][\w' -]+$/);
  });
});
