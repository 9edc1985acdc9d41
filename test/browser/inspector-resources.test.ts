import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeApp, ROOT, type TestApp, listenLocal } from '../support/make-app.js';
import { launchChromium, NO_CHROMIUM } from '../support/chromium.js';

const TODO = join(ROOT, 'test', 'resources', 'specs', 'todo.openapi.yaml');
const SCREENSHOT = join(ROOT, 'docs', 'inspector-resources.png');

describe.skipIf(NO_CHROMIUM)("the inspector's stored resources in Chromium", () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const controlWrites: { method: string; url: string; client?: string }[] = [];

  const send = (method: string, path: string, body: unknown, authorization?: string) =>
    fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify(body),
    });
  const login = async (username: string) => {
    const res = await send('POST', '/api/login', { username, password: `${username}-pass` });
    expect(res.status).toBe(200);
    return `Bearer ${((await res.json()) as { token: string }).token}`;
  };
  const count = async (collection: string) => {
    const all = (await fetch(`${base}/__authmock/resources/todo`).then((r) => r.json())) as { name: string; count: number }[];
    return all.find((c) => c.name === collection)?.count;
  };

  beforeAll(async () => {
    // the to-do spec alone: no built-in API, so the page must not ask for their identities either
    t = makeApp({ specs: [TODO] });
    ({ server, base } = await listenLocal(t));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
    });
    page.on('pageerror', (err) => consoleErrors.push(err.message));
    page.on('request', (r) => {
      if (r.url().includes('/__authmock/') && r.method() !== 'GET')
        controlWrites.push({ method: r.method(), url: r.url(), client: r.headers()['x-authmock-client'] });
    });
    const created = await send('POST', '/api/todos', { title: 'Buy milk' }, await login('alice'));
    expect(created.status).toBe(201);
    await page.goto(`${base}/__authmock/ui`);
    await page.getByText('live', { exact: true }).waitFor({ timeout: 5000 });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it("shows the spec's identities, and offers its callers to the principal filter, which then finds their requests", async () => {
    const identities = page.locator('#identities');
    await identities.getByText('todo users:').waitFor({ timeout: 2000 });
    expect(await identities.textContent()).toContain('todo users: alice, bob, root');
    const principal = page.locator('#filters input[name="principal"]');
    expect(await principal.getAttribute('placeholder')).toBe('user:alice, user:bob');
    expect(await page.locator('#principals option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'user:alice',
      'user:bob',
      'user:root',
      'guest',
    ]);
    await principal.fill('user:alice');
    await expect.poll(() => page.locator('#requests > li').count(), { timeout: 2000 }).toBeGreaterThan(0);
    expect((await page.locator('#requests > li').allTextContents()).every((t) => t.includes('/api/'))).toBe(true);
    await principal.fill('user:bob'); // bob has made no request yet
    await expect.poll(() => page.locator('#requests > li').count(), { timeout: 2000 }).toBe(0);
    await principal.fill('');
  });

  it("lists the spec's collections with their paths, visibility and counts", async () => {
    const todos = page.locator('#collections tr', { has: page.getByRole('button', { name: 'todos', exact: true }) });
    await todos.waitFor({ timeout: 2000 });
    expect(await todos.locator('td').allTextContents()).toEqual(['todo', 'todos', '/todos', 'private', '1', 'Empty']);
    const tasks = page.locator('#collections tr', { has: page.getByRole('button', { name: 'tasks', exact: true }) });
    expect(await tasks.locator('td').nth(2).textContent()).toBe('/projects/{projectId}/tasks');
  });

  it('shows the objects of the collection picked, with their owners, and the nested one with its parent', async () => {
    await page.getByRole('button', { name: 'tasks', exact: true }).click();
    await page.locator('#h-objects', { hasText: 'tasks of todo: 1 object' }).waitFor({ timeout: 2000 });
    const seed = await page.locator('#objects tr').first().locator('td').allTextContents();
    expect(seed.slice(1, 3)).toEqual(['no one', 'home']);
    expect(seed[3]).toContain('"name":"Water the plants"');
    expect(await page.locator('#objects-head th').allTextContents()).toContain('Parent (projectId)');

    await page.getByRole('button', { name: 'todos', exact: true }).click();
    await page.locator('#h-objects', { hasText: 'todos of todo: 1 object' }).waitFor({ timeout: 2000 });
    expect(await page.getByRole('button', { name: 'todos', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#objects tr').first().locator('td').allTextContents()).toEqual([
      '1',
      'alice',
      '{"id":1,"title":"Buy milk","done":false,"createdAt":"2026-01-01T00:00:00.000Z"}',
      'Remove',
    ]);
  });

  it('refreshes when the journal shows a request that changed something, and truncates a long object', async () => {
    const title = 'A to-do whose title is long enough that its JSON does not fit the table cell and is cut short. '.repeat(2);
    expect((await send('POST', '/api/todos', { title }, await login('bob'))).status).toBe(201);
    await page.locator('#h-objects', { hasText: 'todos of todo: 2 objects' }).waitFor({ timeout: 2000 });
    const cell = page.locator('#objects tr').nth(1).locator('td').nth(2);
    expect((await cell.textContent())?.endsWith('…')).toBe(true);
    expect(await cell.getAttribute('title')).toContain(title);
    expect(await page.locator('#objects tr').nth(1).locator('td').nth(1).textContent()).toBe('bob');
    await expect.poll(() => page.locator('#collections tr').first().locator('td').nth(4).textContent(), { timeout: 2000 }).toBe('2');
    if (!existsSync(SCREENSHOT) || process.env.AUTHMOCK_UPDATE_SCREENSHOTS === '1')
      await page.screenshot({ path: SCREENSHOT, fullPage: false });
  });

  it('removes an object and empties a collection from the page, and says who asked', async () => {
    await page.getByRole('button', { name: 'Remove todos 2' }).click();
    await page.locator('#h-objects', { hasText: 'todos of todo: 1 object' }).waitFor({ timeout: 2000 });
    await page.getByRole('button', { name: 'Remove todos 1' }).click();
    await page.locator('#h-objects', { hasText: 'todos of todo: 0 objects' }).waitFor({ timeout: 2000 });
    expect(await page.locator('#collections tr').first().locator('td').nth(4).textContent()).toBe('0');
    expect(await count('todos')).toBe(0);
    expect(await page.getByRole('button', { name: 'Empty todos of todo' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Empty tasks of todo' }).click();
    await expect.poll(() => count('tasks'), { timeout: 2000 }).toBe(0);
    expect(controlWrites.map((w) => [w.method, new URL(w.url).pathname + new URL(w.url).search, w.client])).toEqual([
      ['DELETE', '/__authmock/resources/todo/todos/2', 'inspector'],
      ['DELETE', '/__authmock/resources/todo/todos/1', 'inspector'],
      ['DELETE', '/__authmock/resources/todo/tasks', 'inspector'],
    ]);
    expect(consoleErrors).toEqual([]);
  });
});
