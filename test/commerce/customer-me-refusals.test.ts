import { describe, expect, it } from 'vitest';
import { ACCOUNTS, adminToken, customerToken, socialToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

describe('GET /V1/customers/me', () => {
  describe('with an admin token', () => {
    it('answers 400 "customerId" is required to an admin whose role has all resources', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set(bearer(await adminToken(t)));
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify(COMMERCE.required('customerId')));
    });

    it('answers 401 with resources=self to an admin with a restricted role', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set(bearer(await adminToken(t, ACCOUNTS.catalog)));
      expect(res.status).toBe(401);
      expect(res.text).toBe(JSON.stringify(COMMERCE.notAuthorized('self')));
    });
  });

  describe('without a usable token', () => {
    it('answers 401 with resources=self when no token is sent', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe(COMMERCE.json);
      expect(res.text).toBe(JSON.stringify(COMMERCE.notAuthorized('self')));
    });

    it.each([
      ['a garbage token', 'Bearer not-a-token!'],
      ['an unknown well-formed token', 'Bearer 0123456789abcdefghijklmnopqrstuv'],
      ['an empty Bearer', 'Bearer '],
      ['another scheme', 'Basic cm9uaTpwdw=='],
      ['three parts', 'Bearer 0123456789abcdefghijklmnopqrstuv extra'],
    ])('answers 401 with resources=self for %s', async (_what, header) => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    });

    it('answers 401 with resources=self when a valid token is sent without the Bearer scheme', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set('Authorization', await customerToken(t));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    });

    it('answers 401 with resources=self when the token was revoked', async () => {
      const t = app();
      const token = await customerToken(t);
      await t.http.post(COMMERCE.revoke).set(bearer(token)).expect(200);
      const res = await t.http.get(COMMERCE.me).set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    });

    it('answers 401 with resources=self for a social userToken', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set(bearer(await socialToken(t)));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    });

    it('renders the 401 as XML when Accept asks for XML', async () => {
      const t = app();
      const res = await t.http.get(COMMERCE.me).set('Accept', 'application/xml');
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe(COMMERCE.xml);
      expect(res.text).toBe(
        '<?xml version="1.0"?>\n<response>\n  <message>The consumer isn\'t authorized to access %resources.</message>\n' +
          '  <parameters>\n    <resources>self</resources>\n  </parameters>\n</response>\n',
      );
    });
  });
});
