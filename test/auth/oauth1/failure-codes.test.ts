import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OAUTH_FAILURES, verifyOauthRequest, type OauthFailureCode, type OauthRequest } from '../../../src/auth/oauth1/index.js';
import { ERP, makeDeps, NOW_S, signWithLibrary, type FakeStore, type SignOptions } from './erp-connector.js';

const URL = 'https://shop.example.com/rest/default/V1/customers/1';
const get = (options: Partial<SignOptions> = {}): OauthRequest => ({
  method: 'GET',
  url: URL,
  authorization: signWithLibrary({ method: 'GET', url: URL, ...options }),
});
const other = 'anothertoken00000000000000000001';

/** One request per failure code: the registry has no code nothing triggers. */
const SCENARIOS: Record<OauthFailureCode, { request: () => OauthRequest; deps?: () => FakeStore }> = {
  VERSION_REJECTED: { request: () => get({ override: { oauth_version: '1.1' } }) },
  PARAMETER_ABSENT: { request: () => get({ omit: ['oauth_timestamp'] }) },
  PARAMETERS_ABSENT: { request: () => get({ omit: ['oauth_timestamp', 'oauth_nonce'] }) },
  TOKEN_LENGTH_INVALID: { request: () => get({ token: 'short' }) },
  SIGNATURE_METHOD_UNSUPPORTED: { request: () => get({ override: { oauth_signature_method: 'PLAINTEXT' } }) },
  CONSUMER_KEY_LENGTH: { request: () => get({ consumerKey: 'x' }) },
  CONSUMER_NOT_FOUND: { request: () => get({ consumerKey: 'unknownconsumerkey00000000000001' }) },
  TIMESTAMP_REFUSED: { request: () => get({ timestamp: NOW_S + 3600 }) },
  NONCE_USED: {
    request: () => get({ nonce: 'used' }),
    deps: () => {
      const deps = makeDeps();
      deps.nonces.set(`${ERP.consumerKey}\nused`, 1);
      return deps;
    },
  },
  NONCE_ERROR: {
    request: () => get(),
    deps: () => ({
      ...makeDeps(),
      rememberNonce: () => {
        throw new Error('store down');
      },
    }),
  },
  TOKEN_NOT_FOUND: { request: () => get({ token: other }) },
  TOKEN_CONSUMER_MISMATCH: {
    request: () => get({ token: other }),
    deps: () => makeDeps({ [other]: { secret: 's', consumerKey: 'anotherconsumerkey00000000000001', type: 'access' } }),
  },
  TOKEN_NOT_ACCESS: {
    request: () => get({ token: other }),
    deps: () => makeDeps({ [other]: { secret: 's', consumerKey: ERP.consumerKey, type: 'verifier' } }),
  },
  TOKEN_REVOKED: {
    request: () => get({ token: other }),
    deps: () => makeDeps({ [other]: { secret: 's', consumerKey: ERP.consumerKey, type: 'access', revoked: true } }),
  },
  SIGNATURE_INVALID: { request: () => get({ override: { oauth_signature: 'AAAA' } }) },
  INTERNAL_ERROR: { request: () => ({ ...get(), contentType: 'application/x-www-form-urlencoded', body: 'a[]=1' }) },
};

describe('the OAuth failure registry', () => {
  it.each(Object.keys(OAUTH_FAILURES) as OauthFailureCode[])('triggers %s with its status and message', async (code) => {
    const { request, deps } = SCENARIOS[code];
    const verdict = await verifyOauthRequest(request(), (deps ?? makeDeps)());
    expect(verdict).toMatchObject({ outcome: 'refused', code, status: OAUTH_FAILURES[code].status, message: OAUTH_FAILURES[code].message });
  });

  it('documents every code and message in docs/commerce-integrations.md', () => {
    const doc = readFileSync(new globalThis.URL('../../../docs/commerce-integrations.md', import.meta.url), 'utf8');
    for (const [code, def] of Object.entries(OAUTH_FAILURES)) {
      expect(doc, code).toContain(`\`${code}\``);
      expect(doc, code).toContain(def.message);
    }
  });
});
