import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeApp, ROOT, listenLocal } from '../support/make-app.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

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

describe.skipIf(NO_CHROMIUM)('a list screen of generated to-dos in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    const t = makeApp({ specs: [TODO], generate: 25 });
    ({ server, base } = await listenLocal(t));
    browser = await launchChromium();
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
