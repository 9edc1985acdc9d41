import { describe, expect, it } from 'vitest';
import { adminToken, customerToken, makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();

describe('GET /V1/customers/me', () => {
  describe('with a configured token lifetime', () => {
    const shortApp = useApp({ tokenLifetimes: { customer: 60 } });

    it('accepts a customer token before its lifetime is over and answers 401 after it', async () => {
      const t = shortApp();
      const token = await customerToken(t);
      t.clock.advance(59);
      await t.http.get(COMMERCE.me).set(bearer(token)).expect(200);
      t.clock.advance(2);
      const res = await t.http.get(COMMERCE.me).set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(COMMERCE.notAuthorized('self'));
    });

    it('treats a token as expired at the very second its lifetime ends', async () => {
      const t = shortApp();
      const token = await customerToken(t);
      t.clock.advance(60);
      await t.http.get(COMMERCE.me).set(bearer(token)).expect(401);
    });

    it('lets a token issued later live its own full lifetime', async () => {
      const t = shortApp();
      t.clock.advance(100);
      const token = await customerToken(t);
      t.clock.advance(59);
      await t.http.get(COMMERCE.me).set(bearer(token)).expect(200);
    });

    it('expires admin tokens by the admin lifetime, not the customer one', async () => {
      const t = makeApp({ tokenLifetimes: { admin: 60 } });
      const admin = await adminToken(t);
      const customer = await customerToken(t);
      t.clock.advance(61);
      await t.http.get('/rest/V1/customers/1').set(bearer(admin)).expect(401);
      await t.http.get(COMMERCE.me).set(bearer(customer)).expect(200);
    });

    it('never expires tokens when no lifetime is configured', async () => {
      const t = app();
      const token = await customerToken(t);
      t.clock.advance(365 * 24 * 3600);
      await t.http.get(COMMERCE.me).set(bearer(token)).expect(200);
    });
  });
});
