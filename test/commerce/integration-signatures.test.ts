import { describe, expect, it } from 'vitest';
import { makeApp, adminToken, type TestApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { ERP, CATALOG, EVERYTHING, HOST, sign, signedGet, NOT_AUTHORIZED, putIntegration } from './integration-signing.js';

const SIGNATURE_INVALID = { message: 'The signature is invalid. Verify and try again.' };

describe('an integration signing with OAuth 1.0a (HMAC-SHA256)', () => {
  const app = useApp();

  it('reads GET /V1/customers/1 with the default integration', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1').expect(200);
    expect(res.body).toMatchObject({ id: 1, email: 'roni_cost@example.com' });
  });

  it('answers 401 "The signature is invalid" when the consumer secret is wrong', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', { credentials: { ...ERP, consumerSecret: 'x'.repeat(32) } }).expect(401);
    expect(res.body).toEqual(SIGNATURE_INVALID);
  });

  it('answers 401 "The signature is invalid" when the token secret is wrong', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', { credentials: { ...ERP, tokenSecret: 'y'.repeat(32) } }).expect(401);
    expect(res.body).toEqual(SIGNATURE_INVALID);
  });

  it('refuses a replayed nonce with 401 naming the consumer id', async () => {
    const t = app();
    await signedGet(t, '/rest/V1/customers/1', { nonce: 'replayme' }).expect(200);
    const res = await signedGet(t, '/rest/V1/customers/1', { nonce: 'replayme' }).expect(401);
    expect(res.body).toEqual({ message: 'The nonce is already being used by the consumer with ID %1', parameters: ['1'] });
  });

  it('uses the nonce up even when the signature is then refused', async () => {
    const t = app();
    await signedGet(t, '/rest/V1/customers/1', { nonce: 'burnt', credentials: { ...ERP, consumerSecret: 'x'.repeat(32) } }).expect(401);
    const res = await signedGet(t, '/rest/V1/customers/1', { nonce: 'burnt' }).expect(401);
    expect(res.body.message).toMatch(/nonce is already being used/);
  });

  it('accepts the same nonce from another consumer', async () => {
    const t = app();
    await signedGet(t, '/rest/V1/customers/1', { nonce: 'shared' }).expect(200);
    const res = await signedGet(t, '/rest/V1/customers/1', { nonce: 'shared', credentials: CATALOG }).expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('Magento_Customer::customer'));
  });

  it('accepts an old timestamp and refuses one more than 600 seconds ahead with 400', async () => {
    const t = app();
    const now = Math.floor(t.clock.now() / 1000);
    await signedGet(t, '/rest/V1/customers/1', { timestamp: now - 86400 }).expect(200);
    await signedGet(t, '/rest/V1/customers/1', { timestamp: now + 600 }).expect(200);
    const res = await signedGet(t, '/rest/V1/customers/1', { timestamp: now + 601 }).expect(400);
    expect(res.body).toEqual({ message: 'Incorrect timestamp value in the oauth_timestamp parameter' });
  });

  it('answers 401 for an unknown consumer key', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', {
      credentials: { ...ERP, consumerKey: 'unknownconsumerkey00000000000000' },
    }).expect(401);
    expect(res.body).toEqual({ message: 'A consumer having the specified key does not exist' });
  });

  it('signs the query string', async () => {
    const t = app();
    await signedGet(t, '/rest/V1/customers/1?fields=id,email&searchCriteria[pageSize]=10').expect(200);
    const header = sign(t, { target: '/rest/V1/customers/1?fields=id' });
    const res = await t.http.get('/rest/V1/customers/1?fields=id,email').set('Host', HOST).set('Authorization', header).expect(401);
    expect(res.body).toEqual(SIGNATURE_INVALID);
  });

  it('signs the URL as addressed: store code and Host included', async () => {
    const t = app();
    await signedGet(t, '/rest/en/V1/customers/1').expect(200);
    const forDefault = sign(t, { target: '/rest/V1/customers/1' });
    await t.http.get('/rest/en/V1/customers/1').set('Host', HOST).set('Authorization', forDefault).expect(401);
    const header = sign(t, { target: '/rest/V1/customers/1' });
    await t.http.get('/rest/V1/customers/1').set('Host', 'other.example.test').set('Authorization', header).expect(401);
  });

  it('signs the namespace prefix of the path too', async () => {
    const res = await signedGet(app(), '/__ns/erp-tests/rest/V1/customers/2').expect(200);
    expect(res.body).toMatchObject({ id: 2 });
  });

  it('answers the refusal as XML when XML is asked for', async () => {
    const res = await signedGet(app(), '/rest/V1/customers/1', { signatureMethod: 'HMAC-SHA1' })
      .set('Accept', 'application/xml')
      .expect(400);
    expect(res.text).toContain('<message>Signature method %1 is not supported</message>');
    expect(res.text).toMatch(/<parameters>\s*<item>HMAC-SHA1<\/item>\s*<\/parameters>/);
  });

  it('refuses OAuth parameters in the query: the header is required', async () => {
    const res = await app()
      .http.get('/rest/V1/customers/1?oauth_consumer_key=erpconnectorconsumerkey000000001')
      .set('Host', HOST)
      .expect(401);
    expect(res.body).toEqual(NOT_AUTHORIZED('Magento_Customer::customer'));
  });

  it('names each missing protocol parameter with 400', async () => {
    const res = await app()
      .http.get('/rest/V1/customers/1')
      .set('Authorization', 'OAuth oauth_consumer_key="erpconnectorconsumerkey000000001"')
      .expect(400);
    expect(res.body.message).toBe('One or more input exceptions have occurred.');
    expect(res.body.errors.map((e: any) => e.parameters.fieldName)).toEqual([
      'oauth_signature',
      'oauth_signature_method',
      'oauth_nonce',
      'oauth_timestamp',
      'oauth_token',
    ]);
  });

  it('never verifies a signature on an anonymous operation', async () => {
    await app().http.get('/rest/V1/directory/currency').set('Authorization', 'OAuth oauth_consumer_key="nobody"').expect(200);
  });

  it('prefers a valid bearer token: the OAuth check is not reached', async () => {
    const t = app();
    const token = await adminToken(t);
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${token}`).expect(200);
  });
});

describe('signed POST bodies', () => {
  const app = useApp();

  function post(t: TestApp, type: string, payload: string, form?: Record<string, string>, signedForm = form) {
    const header = sign(t, {
      method: 'POST',
      target: '/rest/V1/integration/customer/revoke-customer-token',
      form: signedForm,
      credentials: EVERYTHING,
    });
    return t.http
      .post('/rest/V1/integration/customer/revoke-customer-token')
      .set('Host', HOST)
      .set('Authorization', header)
      .set('Content-Type', type)
      .send(payload);
  }

  it('verifies a JSON body, which is not signed', async () => {
    const t = app();
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all' });
    const res = await post(t, 'application/json', '{"any":"thing"}').expect(400);
    expect(res.body.parameters).toEqual({ fieldName: 'customerId' });
  });

  it('verifies an XML body, which is not signed', async () => {
    const t = app();
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all' });
    const res = await post(t, 'application/xml', '<request><any>thing</any></request>').expect(400);
    expect(res.body.parameters).toEqual({ fieldName: 'customerId' });
  });

  it('signs the fields of a form body', async () => {
    const t = app();
    await putIntegration(t, { id: 9, name: 'Everything', resources: 'all' });
    // past the signature, the platform refuses the form body itself: no renderer reads it
    const ok = await post(t, 'application/x-www-form-urlencoded', 'note=hello+world', { note: 'hello world' });
    expect(ok.status).toBe(400);
    expect(ok.body.message).not.toBe(SIGNATURE_INVALID.message);
    const tampered = await post(t, 'application/x-www-form-urlencoded', 'note=goodbye', { note: 'hello world' }).expect(401);
    expect(tampered.body).toEqual(SIGNATURE_INVALID);
  });
});

describe('HMAC-SHA1', () => {
  it('is refused with 400 "Signature method %1 is not supported", as since 2.4.4', async () => {
    const t = makeApp();
    const res = await signedGet(t, '/rest/V1/customers/1', { signatureMethod: 'HMAC-SHA1' }).expect(400);
    expect(res.body).toEqual({ message: 'Signature method %1 is not supported', parameters: ['HMAC-SHA1'] });
  });

  it('is accepted with --oauth-sha1', async () => {
    const t = makeApp({ oauthSha1: true });
    const res = await signedGet(t, '/rest/V1/customers/1', { signatureMethod: 'HMAC-SHA1' }).expect(200);
    expect(res.body.id).toBe(1);
  });
});
