import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS, makeApp, ROOT, type TestApp, listenLocal } from '../support/make-app.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

const SCREENSHOT = join(ROOT, 'docs', 'inspector.png');

describe.skipIf(NO_CHROMIUM)('the inspector page in Chromium', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let browser: Browser;
  let page: Page;
  const external: string[] = [];
  const consoleErrors: string[] = [];
  const control: { method: string; path: string; client?: string }[] = [];

  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    t = makeApp();
    ({ server, base } = await listenLocal(t));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (r) => {
      if (!r.url().startsWith(base)) external.push(r.url());
      else if (r.url().includes('/__authmock/'))
        control.push({ method: r.method(), path: new URL(r.url()).pathname, client: r.headers()['x-authmock-client'] });
    });
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(`${m.text()} (${m.location().url})`)));
    page.on('pageerror', (err) => consoleErrors.push(err.message));
    const started = Date.now();
    await page.goto(`${base}/__authmock/ui`);
    await page.getByText('live', { exact: true }).waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('shows a request made by the test within a second, with its outcomes spelled out', async () => {
    const sent = Date.now();
    await fetch(`${base}/rest/V1/customers/me`, { headers: { Authorization: 'Bearer 0eeyl0aaaaaaaaaaaaaaaaaaaaaaaaaa' } });
    const row = page.locator('#requests li', { hasText: '/rest/V1/customers/me' }).first();
    await row.waitFor({ timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    await row.locator('summary').click();
    await expect(row.textContent()).resolves.toContain('unknown: token 0eeyl0… is unknown in this namespace');
    await expect(row.textContent()).resolves.toContain('refused (needs self)');
    expect(await row.textContent()).not.toContain('0eeyl0aaaa');
  });

  it("lists the namespace's identities, each with its id or name and never empty brackets", async () => {
    const identities = page.locator('#identities');
    await identities.getByText('social apps:').waitFor({ timeout: 2000 });
    const text = (await identities.textContent()) ?? '';
    expect(text).toContain('roni_cost@example.com (1)');
    expect(text).toContain('demo-mobile-app (Demo mobile app)');
    expect(text).not.toContain('()');
  });

  it('adds a steering rule from the page that changes the next answer', async () => {
    const form = page.locator('#steering-form');
    await form.getByLabel('Operation').fill('createCustomerAccessToken');
    await form.getByLabel('Status').fill('401');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await page.locator('#rules li', { hasText: 'createCustomerAccessToken → 401' }).waitFor({ timeout: 2000 });
    expect((await post('/rest/V1/integration/customer/token', ACCOUNTS.roni)).status).toBe(401);
    expect((await post('/rest/V1/integration/customer/token', ACCOUNTS.roni)).status).toBe(200);
    await page.locator('#requests li .steered').first().waitFor({ timeout: 1000 });
  });

  it('unlocks a locked name from the page, which lets the right password in', async () => {
    for (let i = 0; i < 6; i++) await post('/rest/V1/integration/customer/token', { ...ACCOUNTS.john, password: 'wrong' });
    expect((await post('/rest/V1/integration/customer/token', ACCOUNTS.john)).status).toBe(401);
    const unlock = page.getByRole('button', { name: `Unlock ${ACCOUNTS.john.username}` });
    await unlock.waitFor({ timeout: 2000 });
    if (!existsSync(SCREENSHOT) || process.env.AUTHMOCK_UPDATE_SCREENSHOTS === '1') {
      await page.locator('#requests li summary').nth(2).click();
      await page.screenshot({ path: SCREENSHOT, fullPage: false });
    }
    await unlock.click();
    await expect.poll(async () => (await fetch(`${base}/__authmock/lockouts`).then((r) => r.json())).length, { timeout: 2000 }).toBe(0);
    expect((await post('/rest/V1/integration/customer/token', ACCOUNTS.john)).status).toBe(200);
  });

  it('sends every state-changing request with X-Authmock-Client, and asks no built-in API for stored resources', async () => {
    const writes = control.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => c.method + ' ' + c.path)).toEqual(
      expect.arrayContaining(['POST /__authmock/steering', `DELETE /__authmock/lockouts/${encodeURIComponent(ACCOUNTS.john.username)}`]),
    );
    expect(writes.filter((c) => c.client !== 'inspector')).toEqual([]);
    expect(control.filter((c) => c.path.startsWith('/__authmock/resources'))).toEqual([]);
    expect(await page.locator('#resources-section').isHidden()).toBe(true);
  });

  it('advances the clock from the page and makes no request outside the server', async () => {
    const before = (await fetch(`${base}/__authmock/clock`).then((r) => r.json())).offsetSeconds;
    const form = page.locator('#clock-form');
    await form.getByLabel('Advance by (seconds)').fill('120');
    await form.getByRole('button', { name: 'Advance' }).click();
    await expect
      .poll(async () => (await fetch(`${base}/__authmock/clock`).then((r) => r.json())).offsetSeconds, { timeout: 2000 })
      .toBe(before + 120);
    expect(external).toEqual([]);
  });

  it("logs no error in the browser's console through all of the above (its changes pass the cross-site check)", () => {
    expect(consoleErrors).toEqual([]);
  });
});
