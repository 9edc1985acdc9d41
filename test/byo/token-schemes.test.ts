import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, postForm, startOAuthMock } from '../oauth/support.js';
import { makeApp } from '../support/make-app.js';

// An Asana-like spec, as a new user sends it: each operation takes a personal access token
// (http bearer, no scopes) or an OAuth token with the operation's scope. A token proves the
// scheme it was issued for, so an OAuth token short of a scope is refused, not let through
// as a personal access token.

const TASKS = join(import.meta.dirname, 'specs', 'tasks.openapi.yaml');
let am: Authmock;
beforeAll(async () => {
  am = await startOAuthMock([TASKS]);
});
afterAll(() => am?.close());

const api = (ns: string) => `${am.url}/__ns/${ns}/api`;

async function call(ns: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${api(ns)}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, challenge: res.headers.get('www-authenticate') ?? '', body: text ? JSON.parse(text) : undefined };
}

async function mint(ns: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${am.url}/__ns/${ns}/__authmock/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api: 'tasks', ...body }),
  });
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBe(201);
  return answer.token as string;
}

/** GET /tasks, POST /tasks, DELETE /tasks/123: what each answers. */
async function statuses(ns: string, token: string) {
  const list = await call(ns, 'GET', '/tasks', token);
  const create = await call(ns, 'POST', '/tasks', token, { name: 'Write the report' });
  const remove = await call(ns, 'DELETE', '/tasks/123', token);
  return { list, create, remove };
}

function expectLacks(res: { status: number; challenge: string }, scope: string) {
  expect(res.status).toBe(403);
  expect(res.challenge).toBe(
    `Bearer realm="tasks", error="insufficient_scope", error_description="the token lacks ${scope}", scope="${scope}"`,
  );
}

describe('an OAuth token short of a scope is not taken as the personal access token', () => {
  it('a client_credentials token with tasks:read: 200 on GET, 403 insufficient_scope on POST and DELETE', async () => {
    const grant = await postForm(
      `${am.url}/__ns/cc/__oauth/token`,
      { grant_type: 'client_credentials' },
      {
        Authorization: basic('reporter', 'reporter-secret'),
      },
    );
    expect(grant.status).toBe(200);
    const { list, create, remove } = await statuses('cc', grant.body.access_token);
    expect(list.status).toBe(200);
    expectLacks(create, 'tasks:write');
    expectLacks(remove, 'tasks:delete');
  });

  it('an authorization code token with tasks:read: the same', async () => {
    const settings = await fetch(`${am.url}/__ns/code/__authmock/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oauth: { autoApprove: true } }),
    });
    expect(settings.status).toBe(200);
    const verifier = 'v'.repeat(43);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      scope: 'tasks:read',
      login_hint: 'ann',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const redirect = await fetch(`${am.url}/__ns/code/__oauth/authorize?${query}`, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    const grant = await postForm(`${am.url}/__ns/code/__oauth/token`, {
      grant_type: 'authorization_code',
      code,
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_verifier: verifier,
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const { list, create, remove } = await statuses('code', grant.body.access_token);
    expect(list.status).toBe(200);
    expectLacks(create, 'tasks:write');
    expectLacks(remove, 'tasks:delete');
  });

  it('a control-API token minted for oauth2 with tasks:read, or with no scheme named: 403 on DELETE', async () => {
    for (const scheme of ['oauth2', undefined]) {
      const token = await mint('minted-oauth', { user: 'ann', scopes: ['tasks:read'], ...(scheme ? { scheme } : {}) });
      const { list, create, remove } = await statuses('minted-oauth', token);
      expect(list.status, String(scheme)).toBe(200);
      expectLacks(create, 'tasks:write');
      expectLacks(remove, 'tasks:delete');
    }
  });

  it('an OAuth token holding the scope passes', async () => {
    const token = await mint('minted-full', { user: 'ann', scheme: 'oauth2' });
    const created = await call('minted-full', 'POST', '/tasks', token, { name: 'Plan' });
    expect(created.status).toBe(201);
    expect((await call('minted-full', 'DELETE', `/tasks/${created.body.gid}`, token)).status).toBe(200);
  });
});

describe('a personal access token (the bearer scheme) passes every operation: its alternative has no scopes', () => {
  it('minted through the control API with scheme personalAccessToken, even holding no scopes', async () => {
    const token = await mint('pat', { user: 'reader', scopes: [], scheme: 'personalAccessToken' });
    expect((await call('pat', 'GET', '/tasks', token)).status).toBe(200);
    const created = await call('pat', 'POST', '/tasks', token, { name: 'Plan' });
    expect(created.status).toBe(201);
    expect((await call('pat', 'GET', `/tasks/${created.body.gid}`, token)).status).toBe(200);
    expect((await call('pat', 'DELETE', `/tasks/${created.body.gid}`, token)).status).toBe(200);
    // a task that is not there: past authentication and authorization
    expect((await call('pat', 'DELETE', '/tasks/999', token)).status).toBe(404);
  });

  it("from the spec's login", async () => {
    const login = await fetch(`${api('login')}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'reader', password: 'reader-pass-1' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const created = await call('login', 'POST', '/tasks', token, { name: 'Plan' });
    expect(created.status).toBe(201);
    expect((await call('login', 'DELETE', `/tasks/${created.body.gid}`, token)).status).toBe(200);
  });
});

describe('the control API names what a token is for', () => {
  it('refuses a scheme the spec does not have, or one whose credential is no token', async () => {
    for (const scheme of ['nope', 'basic']) {
      const res = await fetch(`${am.url}/__ns/bad/__authmock/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ api: 'tasks', user: 'ann', scheme }),
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('has no scheme');
    }
  });
});

describe('a spec with two bearer schemes and no oauth2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-two-bearers-'));
  const spec = join(dir, 'two.openapi.yaml');
  writeFileSync(
    spec,
    `openapi: 3.1.0
info: { title: two bearers, version: '1' }
components:
  securitySchemes:
    userToken: { type: http, scheme: bearer }
    adminToken: { type: http, scheme: bearer }
paths:
  /me:
    get:
      operationId: me
      security: [{ userToken: [] }]
      responses: { '200': { description: ok, content: { application/json: { example: { ok: true } } } } }
  /admin:
    get:
      operationId: admin
      security: [{ adminToken: [] }]
      responses: { '200': { description: ok, content: { application/json: { example: { ok: true } } } } }
`,
  );
  writeFileSync(join(dir, 'two.authmock.yaml'), 'users:\n  - { username: ann, password: ann-pass-1 }\n');

  it('mints for the scheme named, which proves that scheme only; with none named, asks which', async () => {
    const t = makeApp({ specs: [spec] });
    const unnamed = await t.http.post('/__authmock/tokens').send({ api: 'two', user: 'ann' }).expect(400);
    expect(JSON.stringify(unnamed.body)).toContain('name the scheme the token is for: two has several (userToken, adminToken)');
    const user = (await t.http.post('/__authmock/tokens').send({ api: 'two', user: 'ann', scheme: 'userToken' }).expect(201)).body.token;
    await t.http.get('/me').set('Authorization', `Bearer ${user}`).expect(200);
    const refused = await t.http.get('/admin').set('Authorization', `Bearer ${user}`).expect(401);
    expect(refused.headers['www-authenticate']).toContain('the token was issued for scheme userToken, not for adminToken');
  });
});
