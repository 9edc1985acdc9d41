import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import OAuth from 'oauth-1.0a';
import type { TestApp } from '../support/make-app.js';
import { integrationToIdentity, type Integration } from '../../src/apis/commerce/identities.js';

// The commerce integrations of the tests and how an ERP connector signs its requests with them (OAuth 1.0a).

/** The default integration of fixtures/commerce.yaml (docs/built-in-apis.md). */
export const ERP = {
  consumerKey: 'erpconnectorconsumerkey000000001',
  consumerSecret: 'erpconnectorconsumersecret000001',
  accessToken: 'erpconnectoraccesstoken000000001',
  tokenSecret: 'erpconnectortokensecret000000001',
};
export const RETIRED = {
  consumerKey: 'retiredconnectorconsumerkey00002',
  consumerSecret: 'retiredconnectorconsumersecret02',
  accessToken: 'retiredconnectoraccesstoken00002',
  tokenSecret: 'retiredconnectortokensecret00002',
};
export const CATALOG = {
  consumerKey: 'catalogsyncconsumerkey0000000003',
  consumerSecret: 'catalogsyncconsumersecret0000003',
  accessToken: 'catalogsyncaccesstoken0000000003',
  tokenSecret: 'catalogsynctokensecret0000000003',
};
type Credentials = typeof ERP;

export const HOST = 'shop.example.test';

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
export function sign(t: TestApp, s: Signing): string {
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

export function signedGet(t: TestApp, target: string, options: Omit<Signing, 'target'> = {}) {
  return t.http
    .get(target)
    .set('Host', HOST)
    .set('Authorization', sign(t, { ...options, target }));
}

export const NOT_AUTHORIZED = (resources: string) => ({
  message: "The consumer isn't authorized to access %resources.",
  parameters: { resources },
});

export const EVERYTHING: Credentials = {
  consumerKey: 'everythingconsumerkey00000000009',
  consumerSecret: 'everythingconsumersecret00000009',
  accessToken: 'everythingaccesstoken00000000009',
  tokenSecret: 'everythingtokensecret00000000009',
};

/** An extra integration written straight into the default namespace. */
export async function putIntegration(
  t: TestApp,
  n: Pick<Integration, 'id' | 'name'> & { resources: Integration['resources']; tokenRevoked?: boolean },
) {
  await t.http.get('/rest/V1/directory/currency').expect(200); // the namespace exists once a request met it
  const integration: Integration = { active: true, tokenRevoked: false, ...EVERYTHING, ...n };
  expect(await t.store.identities.put({ ns: 'default', identity: integrationToIdentity(integration) })).toBe('ok');
}
