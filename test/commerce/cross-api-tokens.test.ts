import { describe, expect, it } from 'vitest';
import { adminToken, customerToken, socialToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, SOCIAL, bearer } from '../support/wire.js';

const app = useApp();
const TOKEN_REJECTED = { status: false, message: 'The userToken is missing, invalid or revoked.' };

describe('tokens of one API on the other', () => {
  it('never accepts a social userToken on commerce operations', async () => {
    const t = app();
    const token = await socialToken(t);
    const me = await t.http.get(COMMERCE.me).set(bearer(token));
    expect(me.status).toBe(401);
    expect(me.body).toEqual(COMMERCE.notAuthorized('self'));
    const byId = await t.http.get('/rest/V1/customers/1').set(bearer(token));
    expect(byId.status).toBe(401);
    expect(byId.body).toEqual(COMMERCE.notAuthorized('Magento_Customer::customer'));
    const revoke = await t.http.post(COMMERCE.revoke).set(bearer(token));
    expect(revoke.status).toBe(401);
  });

  it('treats a social userToken as a guest on anonymous commerce operations', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/directory/currency').set(bearer(await socialToken(t)));
    expect(res.status).toBe(200);
  });

  it('never accepts a commerce customer or admin token on social operations', async () => {
    const t = app();
    for (const token of [await customerToken(t), await adminToken(t)]) {
      const bearerRes = await t.http.get(SOCIAL.profile).set(bearer(token));
      expect(bearerRes.status).toBe(401);
      expect(bearerRes.body).toEqual(TOKEN_REJECTED);
      const queryRes = await t.http.get(SOCIAL.profile).query({ userToken: token });
      expect(queryRes.status).toBe(401);
      const logout = await t.http.post(SOCIAL.logout).send({ userToken: token });
      expect(logout.status).toBe(401);
      expect(logout.body).toEqual(TOKEN_REJECTED);
    }
  });

  it('leaves the social token working after the commerce customer revokes all tokens', async () => {
    const t = app();
    const social = await socialToken(t);
    await t.http
      .post(COMMERCE.revoke)
      .set(bearer(await customerToken(t)))
      .expect(200);
    await t.http.get(SOCIAL.profile).set(bearer(social)).expect(200);
  });
});
