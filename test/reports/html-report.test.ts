import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';
import { checkWithHtml, ROOT, serveAuthmock, type CheckRun, type Served } from './support.js';

const SCREENSHOT = join(ROOT, 'docs', 'check-report.png');
// The customer let into the admin-only read: its cell must be there and marked.
const CUSTOMER_CELL = 'td[id="cell-commerce.getcustomerbyid.permission.customer"]';

let broken: Served;
let healthy: Served;
let failing: CheckRun;
let passing: CheckRun;

beforeAll(async () => {
  [broken, healthy] = await Promise.all([serveAuthmock(true), serveAuthmock(false)]);
  failing = await checkWithHtml(broken.url);
  passing = await checkWithHtml(healthy.url);
});

afterAll(async () => {
  await Promise.all([broken?.close(), healthy?.close()]);
});

describe('the HTML report of `authmock check --html`', () => {
  it('of a server with a broken permission marks the failing matrix cells in words, with expected and actual', () => {
    expect(failing.code).toBe(1);
    const cell = cellHtml(failing.html, 'commerce.getcustomerbyid.permission.customer');
    expect(cell).toMatch(/class="cell cell-failed"/);
    expect(cell).toContain('✗ FAIL');
    expect(cell).toContain('expected <b>401/403</b>');
    expect(cell).toContain('got <b>200</b>');
    expect(cellHtml(failing.html, 'commerce.getcustomerbyid.permission.restrictedadmin')).toContain('✓ pass');
    // the other answer's owner: the handler override answers another customer on /customers/me
    expect(cellHtml(failing.html, 'commerce.getcurrentcustomer.permission.customer')).toMatch(/cell-failed[\s\S]*answer_belongs_to_caller/);
    expect(cellHtml(failing.html, 'commerce.getcustomerbyid.permission.none')).toContain('✓ pass');
  });

  it('shows the failed flows step by step and every failed check with its request and answer, secrets masked', () => {
    const flow = /<article class="flow" id="flow-commerce\.flow\.token-lifecycle"[\s\S]*?<\/article>/.exec(failing.html)?.[0] ?? '';
    expect(flow).toContain('✗ FAIL');
    expect(flow).toMatch(/<li class="step step-failed">[\s\S]*read with the new token: GET \/rest\/V1\/customers\/me -&gt; 200/);
    expect(flow).toMatch(/<li class="step step-passed">[\s\S]*revoke it: POST/);
    expect(failing.html).toMatch(/<h5>Request<\/h5><pre>GET http:\/\/127\.0\.0\.1:\d+(?:\/__ns\/[\w-]+)?\/rest\/V1\/customers\/1\naccept: application\/json\nauthorization: Bearer [0-9a-z]{4}… \(32 chars\)/);
    expect(failing.html).toMatch(/<h5>Answer<\/h5><pre>200 \([\d.]+ ms\)/);
    // Nothing a login sends or gets back appears in clear: passwords, client secret, tokens.
    for (const secret of ['roni_cost3@example.com', 'John-Smith-1', 'admin123', 'catalog123', 'jane-password-1', 'demo-mobile-secret']) expect(failing.html).not.toContain(secret);
    expect(failing.html).not.toMatch(/Bearer [0-9a-z]{32}/);
  });

  it('is self-contained: no external resource, only its own hashed style and script allowed', () => {
    expect(failing.html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/);
    expect(failing.html).not.toMatch(/\s(src|srcset|action)=/);
    for (const [, href] of failing.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^#/);
  });

  it('of a passing run shows no failure', () => {
    expect(passing.code).toBe(0);
    expect(passing.html).toContain('✓ PASS');
    expect(passing.html).toContain('Every case passed.');
    expect(passing.html).toContain('No check failed.');
    expect(withoutLegend(passing.html)).not.toContain('✗ FAIL');
    expect(passing.html).not.toMatch(/class="cell cell-failed"|class="step step-failed"|<article class="failure"/);
  });
});

describe.skipIf(NO_CHROMIUM)('the HTML report in headless Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  const outside: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1 });
    // Every request the page makes is seen here; anything but the file itself is refused and counted.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(run: CheckRun): Promise<Page> {
    const page = await context.newPage();
    // A CSP refusal of the page's own style or script shows up as a console error.
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(pathToFileURL(run.htmlFile).href);
    return page;
  }

  it('shows the failing cell, marked in text, and makes no request beyond the file', async () => {
    const page = await open(failing);
    const cell = page.locator(CUSTOMER_CELL);
    await expect.poll(() => cell.isVisible()).toBe(true);
    expect(await cell.innerText()).toMatch(/✗ FAIL\s+expected 401\/403\s+got 200/);
    expect(await page.locator('td.cell-failed').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('authmock check report');
    expect(await page.getByRole('table', { name: /Commerce API: \d+ operations by \d+ callers; \d+ cells failed/ }).count()).toBe(1);
    expect(await page.locator('form#filters').isVisible()).toBe(true);
    await saveScreenshot(page);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters by outcome and by API from the keyboard alone', async () => {
    const page = await open(failing);
    await tabTo(page, '#only-failures');
    await page.keyboard.press('Enter');
    const status = page.locator('#filter-status');
    const failed = await page.locator('tr[data-filter="case"][data-outcome="failed"]').count();
    expect(await status.innerText()).toMatch(new RegExp(`^Showing ${failed} of \\d+ cases$`));
    expect(await page.locator('tr[data-filter="case"][data-outcome="passed"]').first().isHidden()).toBe(true);
    expect(await page.locator(CUSTOMER_CELL).isVisible()).toBe(true);
    expect(await page.locator('td[id="cell-commerce.getcustomerbyid.permission.none"]').getAttribute('class')).toContain('muted');

    await tabTo(page, 'input[name="api"][value="commerce"]');
    await page.keyboard.press('Space');
    expect(await page.locator('section.matrix[data-api="commerce"]').isHidden()).toBe(true);
    expect(await status.innerText()).toMatch(/^Showing 0 of \d+ cases$/);

    await tabTo(page, 'button[type="reset"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('section.matrix[data-api="commerce"]').isVisible()).toBe(true);
    const total = await page.locator('tr[data-filter="case"]').count();
    expect(await status.innerText()).toBe(`Showing ${total} of ${total} cases`);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('of a passing run shows no failure anywhere', async () => {
    const page = await open(passing);
    expect(await page.locator('.verdict').innerText()).toBe('✓ PASS');
    expect(await page.locator('td.cell-failed, li.step-failed, article.failure').count()).toBe(0);
    expect(await page.locator('.mark-failed:not(.legend *)').count()).toBe(0);
    expect(await page.locator('td.cell-passed').count()).toBeGreaterThan(30);
    expect(outside).toEqual([]);
    await page.close();
  });
});

/** Presses Tab until the element matching `selector` has focus (the way a keyboard user gets there). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} is not reachable with Tab`);
}

/** The summary and the commerce matrix; rewritten only on request, so test runs leave the repository alone. */
async function saveScreenshot(page: Page): Promise<void> {
  if (existsSync(SCREENSHOT) && !process.env.AUTHMOCK_UPDATE_SCREENSHOTS) return;
  const box = await page.locator('section.matrix[data-api="commerce"]').boundingBox();
  await page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1360, height: Math.ceil(box!.y + box!.height + 16) } });
}

/** The matrix legend names the failure mark; everything else must not. */
function withoutLegend(html: string): string {
  return html.replace(/<p class="legend">[\s\S]*?<\/p>/, '');
}

function cellHtml(html: string, caseId: string): string {
  const start = html.indexOf(`id="cell-${caseId}"`);
  expect(start, `cell ${caseId}`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<td', start), html.indexOf('</td>', start));
}
