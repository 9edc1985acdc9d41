import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { EVERYTHING, signedGet } from './integration-signing.js';

describe('integrations through the control API', () => {
  it('creates one that signs at once, shows no secret, and deactivates it', async () => {
    const t = makeApp();
    const created = await t.http
      .post('/__authmock/identities/commerce/integrations')
      .send({ name: 'PIM feed', resources: ['Magento_Customer::customer'], ...EVERYTHING });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'PIM feed', active: true, consumerKey: EVERYTHING.consumerKey });
    expect(JSON.stringify(created.body)).not.toContain(EVERYTHING.consumerSecret);
    expect(JSON.stringify(created.body)).not.toContain(EVERYTHING.tokenSecret);
    await signedGet(t, '/rest/V1/customers/1', { credentials: EVERYTHING }).expect(200);
    await t.http.patch(`/__authmock/identities/commerce/integrations/${created.body.id}`).send({ active: false }).expect(200);
    await signedGet(t, '/rest/V1/customers/1', { credentials: EVERYTHING }).expect(401);
  });

  it('refuses credentials that are not 32 characters of [0-9a-z]', async () => {
    const res = await makeApp()
      .http.post('/__authmock/identities/commerce/integrations')
      .send({ name: 'x', ...EVERYTHING, tokenSecret: 'short' });
    expect(res.status).toBe(400);
  });
});
