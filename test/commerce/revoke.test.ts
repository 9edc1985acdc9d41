import { describe, expect, it } from 'vitest';
import { ACCOUNTS, adminToken, customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

describe('POST /V1/integration/customer/revoke-customer-token', () => {
  it('answers the JSON literal true', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set(bearer(await customerToken(t)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.text).toBe('true');
  });

  it('answers <response>true</response> when Accept asks for XML', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .set('Accept', 'application/xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text).toBe('<?xml version="1.0"?>\n<response>true</response>\n');
  });

  it('revokes every token of the customer, not only the one presented', async () => {
    const t = app();
    const first = await customerToken(t);
    const second = await customerToken(t);
    await t.http.get(COMMERCE.me).set(bearer(second)).expect(200);
    await t.http.post(COMMERCE.revoke).set(bearer(first)).expect(200);
    for (const token of [first, second]) {
      const res = await t.http.get(COMMERCE.me).set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    }
  });

  it("leaves another customer's tokens working", async () => {
    const t = app();
    const roni = await customerToken(t, ACCOUNTS.roni);
    const john = await customerToken(t, ACCOUNTS.john);
    await t.http.post(COMMERCE.revoke).set(bearer(roni)).expect(200);
    const res = await t.http.get(COMMERCE.me).set(bearer(john));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(2);
  });

  it('leaves admin tokens working', async () => {
    const t = app();
    const admin = await adminToken(t);
    await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .expect(200);
    await t.http.get('/rest/V1/customers/1').set(bearer(admin)).expect(200);
  });

  it('keeps revoked tokens revoked for good, while a new login gets a working token', async () => {
    const t = app();
    const old = await customerToken(t);
    await t.http.post(COMMERCE.revoke).set(bearer(old)).expect(200);
    t.clock.advance(3600);
    await t.http.get(COMMERCE.me).set(bearer(old)).expect(401);
    const fresh = await customerToken(t);
    await t.http.get(COMMERCE.me).set(bearer(fresh)).expect(200);
  });

  it('answers 401 with resources=self when the revoked token is used to revoke again', async () => {
    const t = app();
    const token = await customerToken(t);
    await t.http.post(COMMERCE.revoke).set(bearer(token)).expect(200);
    const res = await t.http.post(COMMERCE.revoke).set(bearer(token));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });

  it('ignores a JSON body', async () => {
    const t = app();
    const res = await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .send({ customerId: 2 });
    expect(res.status).toBe(200);
    expect(res.text).toBe('true');
  });

  it('answers 401 with resources=self without a token', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke);
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(COMMERCE.notAuthorized('self')));
  });

  it('answers 400 "customerId" is required to an admin whose role has all resources', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set(bearer(await adminToken(t)));
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify(COMMERCE.required('customerId')));
  });

  it('answers 401 with resources=self to an admin with a restricted role', async () => {
    const t = app();
    const res = await t.http.post(COMMERCE.revoke).set(bearer(await adminToken(t, ACCOUNTS.catalog)));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
  });
});
