import { describe, expect, it } from 'vitest';
import { customerToken, makeApp } from '../support/make-app.js';

describe('customers are shared per website', () => {
  it('refuses a customer token under a store of another website, and under the admin store "all"', async () => {
    const t = makeApp();
    const roni = await customerToken(t);
    for (const code of ['fr', 'all']) {
      const res = await t.http.get(`/rest/${code}/V1/customers/me`).set('Authorization', `Bearer ${roni}`);
      expect(res.status, code).toBe(401);
      expect(res.body).toEqual({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } });
    }
    expect((await t.http.get('/rest/en/V1/customers/me').set('Authorization', `Bearer ${roni}`)).status).toBe(200);
  });
});
