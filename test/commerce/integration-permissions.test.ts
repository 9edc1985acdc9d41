import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { ERP, RETIRED, CATALOG, EVERYTHING, signedGet, NOT_AUTHORIZED, putIntegration } from './integration-signing.js';

describe('what a verified integration may do', () => {
  const app = useApp();

  it('is a guest when its integration is inactive: 401 naming the resources', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', { credentials: RETIRED }).expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('Magento_Customer::customer'));
  });

  it('is refused a resource its ACL lacks', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', { credentials: CATALOG }).expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('Magento_Customer::customer'));
  });

  it('is refused self operations with selected resources (401 self)', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/me').expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('self'));
  });

  it('gets 400 customerId on GET /V1/customers/me with all resources', async () => {
    const t = app();
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all' });
    const res = await signedGet(t, '/rest/V1/customers/me', { credentials: EVERYTHING }).expect(400);
    expect(res.body).toEqual({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'customerId' } });
  });

  it('answers a revoked access token with 401 "Access token has been revoked"', async () => {
    const t = app();
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all', tokenRevoked: true });
    const res = await signedGet(t, '/rest/V1/customers/1', { credentials: EVERYTHING }).expect(401);
    expect(res.body).toEqual({ message: 'Access token has been revoked' });
  });
});

describe('an access token as a bearer token', () => {
  it('is a guest by default (401 naming the resources), as since 2.4.4', async () => {
    const t = makeApp();
    const res = await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${ERP.accessToken}`).expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('Magento_Customer::customer'));
  });

  it('works with --integration-as-bearer, with the integration ACL', async () => {
    const t = makeApp({ integrationAsBearer: true });
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${ERP.accessToken}`).expect(200);
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${CATALOG.accessToken}`).expect(401);
    await t.http.get('/rest/V1/customers/me').set('Authorization', `Bearer ${ERP.accessToken}`).expect(401);
  });

  it('finds an inactive integration too, but not a revoked token', async () => {
    const t = makeApp({ integrationAsBearer: true });
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${RETIRED.accessToken}`).expect(200);
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all', tokenRevoked: true });
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${EVERYTHING.accessToken}`).expect(401);
  });
});
