import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as client from 'openid-client';
import type { Authmock } from '../../src/index.js';
import { claimsOf, startOAuthMock } from '../oauth/support.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

describe.skipIf(NO_CHROMIUM)('the authorization code flow in Chromium', () => {
  let am: Authmock;
  let browser: Browser;
  let page: Page;
  let web: client.Configuration;
  let app: Server;
  let APP: string;
  const external: string[] = [];

  beforeAll(async () => {
    am = await startOAuthMock(['shop']);
    // the single-page app the user is sent back to (Playwright's routes do not see a redirect's target)
    app = createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>the app</h1>'));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    APP = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const registered = await fetch(`${am.url}/__authmock/identities/shop/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: 'spa',
        public: true,
        scopes: ['read:orders', 'write:orders'],
        grantTypes: ['authorization_code'],
        redirectUris: [`${APP}/callback`],
      }),
    });
    expect(registered.status).toBe(201);
    web = await client.discovery(new URL(am.url), 'spa', undefined, client.None(), { execute: [client.allowInsecureRequests] });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(am.url) && !r.url().startsWith(APP)) external.push(r.url());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await am?.close();
    app?.close();
  });

  async function start(state: string) {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(web, {
      redirect_uri: `${APP}/callback`,
      scope: 'openid read:orders write:orders',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      login_hint: 'alice',
    });
    await page.goto(url.href);
    return verifier;
  }

  it('shows the login page with the scopes to approve, signs the user in and sends the browser back with a code', async () => {
    const verifier = await start('s-approve');
    expect(await page.title()).toBe('Sign in to shop');
    expect(await page.locator('input[name=username]').inputValue()).toBe('alice');
    const consent = page.locator('input[name=consent]');
    expect(await consent.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))).toEqual([
      'openid',
      'read:orders',
      'write:orders',
    ]);

    await page.fill('input[name=password]', 'not-her-password');
    await page.click('button[value=approve]');
    await expect.poll(() => page.locator('[role=alert]').textContent()).toBe('Wrong username or password.');

    await page.fill('input[name=password]', 'alice-pass-1');
    await page.uncheck('input[value="write:orders"]');
    await Promise.all([page.waitForURL((url) => url.href.startsWith(`${APP}/callback?`)), page.click('button[value=approve]')]);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('s-approve');
    expect(await page.textContent('h1')).toBe('the app');

    const tokens = await client.authorizationCodeGrant(web, back, { pkceCodeVerifier: verifier, expectedState: 's-approve' });
    expect(claimsOf(tokens.access_token)).toMatchObject({ sub: 'alice', scope: 'openid read:orders' });
    expect(tokens.claims()?.sub).toBe('alice');
    expect(tokens.refresh_token).toBeUndefined();
    const orders = await fetch(`${am.url}/shop/orders`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(orders.status).toBe(200);
    expect(external).toEqual([]);
  });

  it('sends the browser back with access_denied when the user says no', async () => {
    await start('s-deny');
    await Promise.all([page.waitForURL((url) => url.href.startsWith(`${APP}/callback?`)), page.click('button[value=deny]')]);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s-deny');
  });
});
