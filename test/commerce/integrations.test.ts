import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import OAuth from 'oauth-1.0a';
import { makeApp, adminToken, type TestApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { integrationToIdentity, type Integration } from '../../src/apis/commerce/identities.js';

/** The default integration of fixtures/commerce.yaml (docs/built-in-apis.md). */
const ERP = {
  consumerKey: 'erpconnectorconsumerkey000000001',
  consumerSecret: 'erpconnectorconsumersecret000001',
  accessToken: 'erpconnectoraccesstoken000000001',
  tokenSecret: 'erpconnectortokensecret000000001',
};
const RETIRED = {
  consumerKey: 'retiredconnectorconsumerkey00002',
  consumerSecret: 'retiredconnectorconsumersecret02',
  accessToken: 'retiredconnectoraccesstoken00002',
  tokenSecret: 'retiredconnectortokensecret00002',
};
const CATALOG = {
  consumerKey: 'catalogsyncconsumerkey0000000003',
  consumerSecret: 'catalogsyncconsumersecret0000003',
  accessToken: 'catalogsyncaccesstoken0000000003',
  tokenSecret: 'catalogsynctokensecret0000000003',
};
type Credentials = typeof ERP;

const HOST = 'shop.example.test';

interface Signing {
  method?: string;
  /** path and query, as sent */
  target: string;
  /** form fields the client signs */
  form?: Record<string, string>;
  signatureMethod?: 'HMAC-SHA256' | 'HMAC-SHA1';
  credentials?: Credentials;
  nonce?: string;
  /** seconds; default: the app's clock */
  timestamp?: number;
}

/**
 * The Authorization header the independent oauth-1.0a client makes for a request to
 * http://shop.example.test<target>, as an ERP connector would send it.
 */
function sign(t: TestApp, s: Signing): string {
  const c = s.credentials ?? ERP;
  const signatureMethod = s.signatureMethod ?? 'HMAC-SHA256';
  const client = new OAuth({
    consumer: { key: c.consumerKey, secret: c.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (base, key) =>
      createHmac(signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
        .update(base)
        .digest('base64'),
  });
  client.getTimeStamp = () => s.timestamp ?? Math.floor(t.clock.now() / 1000);
  if (s.nonce) client.getNonce = () => s.nonce!;
  const data = client.authorize(
    { url: `http://${HOST}${s.target}`, method: s.method ?? 'GET', data: s.form },
    { key: c.accessToken, secret: c.tokenSecret },
  );
  return client.toHeader(data).Authorization;
}

function signedGet(t: TestApp, target: string, options: Omit<Signing, 'target'> = {}) {
  return t.http
    .get(target)
    .set('Host', HOST)
    .set('Authorization', sign(t, { ...options, target }));
}

const NOT_AUTHORIZED = (resources: string) => ({
  message: "The consumer isn't authorized to access %resources.",
  parameters: { resources },
});
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

describe('nonces in the SQLite store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-nonces-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are remembered per consumer, and forgotten when the namespace is reset', async () => {
    const store = new SqliteStore(dir);
    try {
      const t = makeApp({}, { store });
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(200);
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(401);
      expect(await store.nonces.remember({ ns: 'default', consumerKey: ERP.consumerKey, nonce: 'persisted', timestamp: 1 })).toBe(false);
      expect(await store.nonces.remember({ ns: 'default', consumerKey: CATALOG.consumerKey, nonce: 'persisted', timestamp: 1 })).toBe(true);
      await store.reset();
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(200);
    } finally {
      await store.close();
    }
  });
});

const EVERYTHING: Credentials = {
  consumerKey: 'everythingconsumerkey00000000009',
  consumerSecret: 'everythingconsumersecret00000009',
  accessToken: 'everythingaccesstoken00000000009',
  tokenSecret: 'everythingtokensecret00000000009',
};

/** An extra integration written straight into the default namespace. */
async function putIntegration(
  t: TestApp,
  n: Pick<Integration, 'id' | 'name'> & { resources: Integration['resources']; tokenRevoked?: boolean },
) {
  await t.http.get('/rest/V1/directory/currency').expect(200); // the namespace exists once a request met it
  const integration: Integration = { active: true, tokenRevoked: false, ...EVERYTHING, ...n };
  expect(await t.store.identities.put({ ns: 'default', identity: integrationToIdentity(integration) })).toBe('ok');
}
