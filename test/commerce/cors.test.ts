import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();
const ORIGIN = 'http://app.example';

function expectAllowedHeaders(header: string | undefined): void {
  const names = (header ?? '').split(',').map((h) => h.trim().toLowerCase());
  expect(names).toContain('authorization');
  expect(names).toContain('content-type');
}

describe('CORS', () => {
  it('answers a preflight with 204 for any origin, without credentials, allowing Authorization and Content-Type', async () => {
    const t = app();
    const res = await t.http
      .options(COMMERCE.me)
      .set('Origin', ORIGIN)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expectAllowedHeaders(res.headers['access-control-allow-headers']);
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.text).toBe('');
  });

  it('lists each allowed header once, however the browser spells what it asks for', async () => {
    const t = app();
    const res = await t.http
      .options(COMMERCE.me)
      .set('Origin', ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization,x-request-id');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, x-request-id');
  });

  it('answers a preflight before the API, even for paths no API serves', async () => {
    const t = app();
    for (const path of ['/rest/V1/nope', '/rest/nostore/V1/x', '/socialapi/nope', '/elsewhere']) {
      const res = await t.http.options(path).set('Origin', ORIGIN).set('Access-Control-Request-Method', 'POST');
      expect(res.status, path).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expectAllowedHeaders(res.headers['access-control-allow-headers']);
    }
  });

  it('answers a preflight for the social login too', async () => {
    const t = app();
    const res = await t.http.options('/socialapi/auth/post/login').set('Origin', ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('adds Access-Control-Allow-Origin to normal answers, errors included, when Origin is sent', async () => {
    const t = app();
    const ok = await t.http.get('/rest/V1/directory/countries').set('Origin', ORIGIN);
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const denied = await t.http.get(COMMERCE.me).set('Origin', ORIGIN);
    expect(denied.status).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe('*');
  });

  it('adds no CORS headers when no Origin is sent', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/directory/countries');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an origin that is not configured: no allow headers, and the preflight is not answered', async () => {
    const t = makeApp({ corsOrigins: [ORIGIN] });
    const preflight = await t.http.options(COMMERCE.me).set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const normal = await t.http.get('/rest/V1/directory/countries').set('Origin', 'http://evil.example');
    expect(normal.status).toBe(200);
    expect(normal.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows a configured origin, reflected, with credentials', async () => {
    const t = makeApp({ corsOrigins: [ORIGIN] });
    const res = await t.http.options(COMMERCE.me).set('Origin', ORIGIN).set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toBe('Origin');
  });

  it('never allows credentials by default, nor to the null origin', async () => {
    const t = app();
    for (const origin of [ORIGIN, 'null']) {
      const res = await t.http.get('/rest/V1/directory/countries').set('Origin', origin);
      expect(res.headers['access-control-allow-origin'], origin).toBe('*');
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });

  it('does not reflect the null origin with credentials even when it is listed', async () => {
    const t = makeApp({ corsOrigins: ['null', ORIGIN] });
    const res = await t.http.get('/rest/V1/directory/countries').set('Origin', 'null');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives credentials only to listed origins when any origin is allowed too', async () => {
    const t = makeApp({ corsOrigins: ['*', ORIGIN] });
    const listed = await t.http.get('/rest/V1/directory/countries').set('Origin', ORIGIN);
    expect(listed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.http.get('/rest/V1/directory/countries').set('Origin', 'http://other.example');
    expect(other.headers['access-control-allow-origin']).toBe('*');
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
  });

  it("answers Chrome's private network access preflight for a listed origin only", async () => {
    const t = makeApp({ corsOrigins: ['*', ORIGIN] });
    const ask = (origin: string) =>
      t.http
        .options(COMMERCE.me)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Private-Network', 'true');
    const listed = await ask(ORIGIN);
    expect(listed.status).toBe(204);
    expect(listed.headers['access-control-allow-private-network']).toBe('true');
    const other = await ask('http://other.example');
    expect(other.status).toBe(204);
    expect(other.headers['access-control-allow-private-network']).toBeUndefined();
  });
});
