import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

describe('commerce routing', () => {
  it.each(['default', 'all', 'en'])('serves the token endpoint under the store code %s', async (code) => {
    const t = app();
    const res = await t.http.post(`/rest/${code}/V1/integration/customer/token`).send(ACCOUNTS.roni);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(COMMERCE.tokenShape);
  });

  it('answers 400 "Specified request cannot be processed." for an unknown store code', async () => {
    const t = app();
    const res = await t.http.post('/rest/nostore/V1/integration/customer/token').send(ACCOUNTS.roni);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notProcessable));
  });

  it('answers 400 "Specified request cannot be processed." for a path without /V<n>', async () => {
    const t = app();
    for (const path of ['/rest', '/rest/', '/rest/default', '/rest/default/integration/customer/token']) {
      const res = await t.http.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual(COMMERCE.notProcessable);
    }
  });

  it('answers 404 "Request does not match any route." for an unknown path', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe(JSON.stringify(COMMERCE.noRoute));
  });

  it('answers 404 "Request does not match any route." for a known path with another supported method', async () => {
    const t = app();
    for (const [method, path] of [
      ['get', COMMERCE.customerToken],
      ['put', COMMERCE.adminToken],
      ['delete', COMMERCE.me],
      ['post', '/rest/V1/customers/1'],
    ] as const) {
      const res = await t.http[method](path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(COMMERCE.noRoute);
    }
  });

  it('answers 400 "Request method is invalid." for PATCH', async () => {
    const t = app();
    const res = await t.http.patch(COMMERCE.me).set(bearer(await customerToken(t)));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.methodInvalid));
  });

  it('answers 400 for HEAD (which has no body on the wire)', async () => {
    const t = app();
    const res = await t.http.head('/rest/V1/directory/countries');
    expect(res.status).toBe(400);
  });

  it('answers 400 "Request method is invalid." for an OPTIONS request that is not a CORS preflight', async () => {
    const t = app();
    const plain = await t.http.options(COMMERCE.customerToken);
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual(COMMERCE.methodInvalid);
    // an Origin alone does not make a preflight
    const withOrigin = await t.http.options(COMMERCE.customerToken).set('Origin', 'http://app.example');
    expect(withOrigin.status).toBe(400);
    expect(withOrigin.body).toEqual(COMMERCE.methodInvalid);
  });
});
