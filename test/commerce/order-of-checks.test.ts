import { describe, expect, it } from 'vitest';
import { customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

describe('commerce order of checks', () => {
  it('answers 401, not 400, to an unauthenticated POST with a malformed body to a protected operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });

  it('answers 401, not 400, to an unauthenticated POST with an unsupported Content-Type to a protected operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set('Content-Type', 'text/plain').send('hello');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });

  it('answers 400 "Decoding error." to an authenticated POST with a malformed body to a protected operation', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .set('Content-Type', 'application/json')
      .send('{not json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.decoding);
  });

  it('answers 400 to a malformed body on the anonymous token operation', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.customerToken).set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(COMMERCE.decoding);
  });

  it('checks the store code before the route and the route before the method list', async () => {
    const t = app();
    expect((await t.http.patch('/rest/nostore/V1/nope')).body).toEqual(COMMERCE.notProcessable);
    expect((await t.http.patch('/rest/V1/nope')).body).toEqual(COMMERCE.methodInvalid);
  });
});
