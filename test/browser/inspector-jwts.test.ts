import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeApp, ROOT, type TestApp, listenLocal } from '../support/make-app.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

const SHOP = join(ROOT, 'test', 'fixtures', 'oauth', 'shop.openapi.yaml');
const BILLING = `Basic ${Buffer.from('billing:billing-secret').toString('base64')}`;

describe.skipIf(NO_CHROMIUM)('the JWT access tokens in use, in the inspector in Chromium', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  /** A client_credentials token from the spec's authorization server, as a backend gets one. */
  const clientToken = async () => {
    const res = await fetch(`${base}/__oauth/token`, {
      method: 'POST',
      headers: { Authorization: BILLING, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const jtiOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { jti: string }).jti;
  const orders = (jwt: string) => fetch(`${base}/shop/orders`, { headers: { Authorization: `Bearer ${jwt}` } }).then((r) => r.status);

  beforeAll(async () => {
    // the shop spec alone, with the authorization server it names: its tokens are JWTs
    t = makeApp({ specs: [SHOP] });
    ({ server, base } = await listenLocal(t));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(`${m.text()} ${m.location().url}`)));
    page.on('pageerror', (err) => consoleErrors.push(err.message));
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('lists a JWT the authorization server signed, with its subject and client, and revokes it from the page', async () => {
    const jwt = await clientToken();
    const other = await clientToken();
    expect(await orders(jwt)).toBe(200);
    await page.goto(`${base}/__authmock/ui`);
    await page.getByText('live', { exact: true }).waitFor({ timeout: 5000 });
    const row = page.locator(`#tokens tr:has(td[title="${jtiOf(jwt)}"])`);
    await row.waitFor({ timeout: 5000 });
    expect(await row.locator('td').nth(1).textContent()).toBe('shop');
    expect(await row.locator('td').nth(2).textContent()).toBe('client billing');
    await expect.poll(() => page.locator('#tokens tr', { hasText: 'JWT ' }).count()).toBe(2);
    // a jti and "client billing" fit a 1280 px window: the page scrolls down, never sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const card = await page.locator('section', { has: page.locator('table[aria-label="Tokens"]') }).boundingBox();
    for (const button of await page.locator('#tokens button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card!.x + card!.width);
    }

    await row.getByRole('button', { name: `Revoke token ${jtiOf(jwt)}` }).click();
    await expect.poll(() => row.locator('td').nth(3).textContent(), { timeout: 5000 }).toBe('revoked');
    expect(await orders(jwt)).toBe(401);
    expect(await orders(other)).toBe(200);
    expect(consoleErrors).toEqual([]);
  });
});
