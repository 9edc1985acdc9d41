import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';

const SPEC = join(import.meta.dirname, 'session', 'session.openapi.yaml');
const LOGIN = { email: 'admin@example.com', password: 'admin-pass-1' };

/** The `name=value` part of a Set-Cookie header: what a browser sends back in `Cookie`. */
const cookiePair = (setCookie: string | null) => (setCookie ?? '').split(';')[0];

describe('a bound login with token: cookie (a browser session, same origin)', () => {
  let server: ServerProcess;
  let api: string;
  beforeAll(async () => {
    server = await startServer([SPEC]);
    api = `${server.baseUrl}/api/v1`;
  });
  afterAll(() => server.stop());

  const login = (body = LOGIN) =>
    fetch(`${api}/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('sets the session cookie the spec names, HttpOnly for the mount, and answers the spec example', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie');
    expect(setCookie).toMatch(/^connect\.sid=[^;]+; HttpOnly; SameSite=Lax; Path=\/api\/v1$/);
    expect(await res.json()).toEqual({ id: 1, email: 'admin@example.com', displayName: 'Admin' });
  });

  it('the cookie alone authenticates; logout revokes the token and clears the cookie', async () => {
    const cookie = cookiePair((await login()).headers.get('set-cookie'));
    const me = await fetch(`${api}/auth/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('admin@example.com');

    const out = await fetch(`${api}/auth/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe('connect.sid=; HttpOnly; SameSite=Lax; Path=/api/v1; Max-Age=0');

    // a client that kept the old cookie is refused too: the token is revoked
    expect((await fetch(`${api}/auth/me`, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await fetch(`${api}/auth/me`)).status).toBe(401);
  });

  it('a wrong password sets no cookie', async () => {
    const res = await login({ ...LOGIN, password: 'wrong' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('a made-up cookie is refused', async () => {
    expect((await fetch(`${api}/auth/me`, { headers: { Cookie: 'connect.sid=not-a-token' } })).status).toBe(401);
  });
});

describe('token: cookie on a spec without an apiKey scheme in a cookie', () => {
  it('stops the start, naming the file and the login operation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-cookie-'));
    copyFileSync(join(import.meta.dirname, 'specs', 'legacy.swagger.json'), join(dir, 'legacy.swagger.json'));
    writeFileSync(
      join(dir, 'legacy.authmock.yaml'),
      'users: [{ username: carol, password: carol-pass-1 }]\nbindings:\n  login: { operation: getItem, token: cookie }\n',
    );
    await expect(startServer([join(dir, 'legacy.swagger.json')])).rejects.toThrow(
      /legacy\.swagger\.json#\/components\/securitySchemes \(operation getItem\): bindings\.login\.token is cookie, but the spec declares no apiKey security scheme with `in: cookie`/,
    );
  });
});
