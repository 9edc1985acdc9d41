import { describe, expect, it } from 'vitest';
import { verifyOauthRequest, type OauthRequest } from '../../../src/auth/oauth1/index.js';
import { ERP, makeDeps, NOW_S, signWithLibrary, type SignOptions } from './erp-connector.js';

const HOST = 'https://shop.example.com';

/** A request signed by oauth-1.0a and sent as addressed; form data goes in the body too. */
function signed(options: SignOptions, extra: Partial<OauthRequest> = {}): OauthRequest {
  const authorization = signWithLibrary(options);
  const form = options.data ? { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(options.data).toString() } : {};
  return { method: options.method, url: options.url, authorization, ...form, ...extra };
}

describe('verifyOauthRequest accepts what a real OAuth 1.0a client signs', () => {
  it.each([
    ['GET with HMAC-SHA256', { method: 'GET', url: `${HOST}/rest/V1/customers/1` }],
    ['GET under a store code', { method: 'GET', url: `${HOST}/rest/default/V1/customers/1` }],
    ['GET with a query string', { method: 'GET', url: `${HOST}/rest/V1/customers/search?searchCriteria[pageSize]=10&fields=items` }],
    ['GET on a port the Host header names', { method: 'GET', url: 'http://127.0.0.1:4010/rest/all/V1/directory/countries' }],
    ['POST with a JSON body (not signed)', { method: 'POST', url: `${HOST}/rest/V1/customers` }],
    ['lower-case method', { method: 'get', url: `${HOST}/rest/V1/customers/1` }],
  ] satisfies Array<[string, SignOptions]>)('%s', async (_, options) => {
    const verdict = await verifyOauthRequest(
      signed(
        options,
        options.method === 'POST' ? { contentType: 'application/json', body: '{"customer":{"email":"a+b@example.com"}}' } : {},
      ),
      makeDeps(),
    );
    expect(verdict).toEqual({
      outcome: 'accepted',
      consumerKey: ERP.consumerKey,
      consumerId: ERP.consumerId,
      token: ERP.accessToken,
      signatureMethod: 'HMAC-SHA256',
    });
  });

  it('accepts a form-urlencoded POST whose fields are signed', async () => {
    const options = { method: 'POST', url: `${HOST}/rest/V1/customers/1`, data: { name: 'Jane Doe', note: 'a&b=c' } };
    expect((await verifyOauthRequest(signed(options), makeDeps())).outcome).toBe('accepted');
  });

  it('refuses a form POST whose body differs from what was signed', async () => {
    const request = signed({ method: 'POST', url: `${HOST}/rest/V1/customers/1`, data: { name: 'Jane' } });
    const verdict = await verifyOauthRequest({ ...request, body: 'name=Mallory' }, makeDeps());
    expect(verdict).toMatchObject({ code: 'SIGNATURE_INVALID', status: 401 });
  });

  it('reads a form body only under the exact form media type prefix (case-sensitive)', async () => {
    // the client signed the fields; the server does not read them under another spelling
    const request = signed({ method: 'POST', url: `${HOST}/rest/V1/customers/1`, data: { name: 'Jane' } });
    const verdict = await verifyOauthRequest({ ...request, contentType: 'Application/X-WWW-Form-Urlencoded' }, makeDeps());
    expect(verdict).toMatchObject({ code: 'SIGNATURE_INVALID' });
  });

  it('accepts HMAC-SHA1 when allowSha1 is set, as 2.4.3 did', async () => {
    const request = signed({ method: 'GET', url: `${HOST}/rest/V1/customers/1`, signatureMethod: 'HMAC-SHA1' });
    const verdict = await verifyOauthRequest(request, makeDeps(), { allowSha1: true });
    expect(verdict).toMatchObject({ outcome: 'accepted', signatureMethod: 'HMAC-SHA1' });
  });

  it('signs the URL as addressed: another host, scheme or path is a wrong signature', async () => {
    const request = signed({ method: 'GET', url: `${HOST}/rest/default/V1/customers/1` });
    for (const url of [
      'https://SHOP.example.com/rest/default/V1/customers/1',
      'http://shop.example.com/rest/default/V1/customers/1',
      'https://shop.example.com:443/rest/default/V1/customers/1',
      `${HOST}/rest/V1/customers/1`,
    ]) {
      expect(await verifyOauthRequest({ ...request, url }, makeDeps())).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
  });

  it('answers not-oauth without an `OAuth ` header, so the caller tries the next user context', async () => {
    const deps = makeDeps();
    for (const authorization of [undefined, '', 'Bearer abc', 'OAuth', 'OAuthoauth_token="x"']) {
      expect(await verifyOauthRequest({ method: 'GET', url: `${HOST}/rest/V1/customers/1`, authorization }, deps)).toEqual({
        outcome: 'not-oauth',
      });
    }
    expect(deps.nonces.size).toBe(0);
  });

  it('answers not-oauth for an `OAuth ` header that yields no parameter at all', async () => {
    const verdict = await verifyOauthRequest({ method: 'GET', url: `${HOST}/rest/V1/x`, authorization: 'OAuth realm="shop"' }, makeDeps());
    expect(verdict).toEqual({ outcome: 'not-oauth' });
  });
});

describe('verifyOauthRequest refuses with the platform status and message', () => {
  const url = `${HOST}/rest/default/V1/customers/1`;
  const get = (options: Partial<SignOptions> = {}): OauthRequest => signed({ method: 'GET', url, ...options });

  it('answers 401 "The signature is invalid" for a wrong consumer secret', async () => {
    expect(await verifyOauthRequest(get({ consumerSecret: 'wrongconsumersecret0000000000001' }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'SIGNATURE_INVALID',
      status: 401,
      message: 'The signature is invalid. Verify and try again.',
    });
  });

  it('answers 401 "The signature is invalid" for a wrong token secret', async () => {
    const verdict = await verifyOauthRequest(get({ tokenSecret: 'wrongtokensecret0000000000000001' }), makeDeps());
    expect(verdict).toMatchObject({ code: 'SIGNATURE_INVALID', status: 401 });
  });

  it('answers 400 naming the method for HMAC-SHA1 unless allowSha1', async () => {
    expect(await verifyOauthRequest(get({ signatureMethod: 'HMAC-SHA1' }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'SIGNATURE_METHOD_UNSUPPORTED',
      status: 400,
      message: 'Signature method %1 is not supported',
      parameters: ['HMAC-SHA1'],
    });
  });

  it('matches the method name exactly', async () => {
    const verdict = await verifyOauthRequest(get({ override: { oauth_signature_method: 'hmac-sha256' } }), makeDeps());
    expect(verdict).toMatchObject({ code: 'SIGNATURE_METHOD_UNSUPPORTED', parameters: ['hmac-sha256'] });
  });

  it('answers 401 naming the consumer id when the nonce was used before, even by a refused request', async () => {
    const deps = makeDeps();
    const first = get({ nonce: 'samenonce', tokenSecret: 'wrongtokensecret0000000000000001' });
    expect(await verifyOauthRequest(first, deps)).toMatchObject({ code: 'SIGNATURE_INVALID' });
    expect(await verifyOauthRequest(get({ nonce: 'samenonce' }), deps)).toEqual({
      outcome: 'refused',
      code: 'NONCE_USED',
      status: 401,
      message: 'The nonce is already being used by the consumer with ID %1',
      parameters: ['1'],
    });
  });

  it('refuses a replayed request and accepts a fresh nonce', async () => {
    const deps = makeDeps();
    const request = get({ nonce: 'n1' });
    expect((await verifyOauthRequest(request, deps)).outcome).toBe('accepted');
    expect(await verifyOauthRequest(request, deps)).toMatchObject({ code: 'NONCE_USED' });
    expect((await verifyOauthRequest(get({ nonce: 'n2' }), deps)).outcome).toBe('accepted');
  });

  it('answers 401 "An error occurred validating the nonce" when the nonce store fails', async () => {
    const deps = { ...makeDeps(), rememberNonce: async () => Promise.reject(new Error('disk full')) };
    expect(await verifyOauthRequest(get(), deps)).toMatchObject({
      code: 'NONCE_ERROR',
      status: 401,
      message: 'An error occurred validating the nonce',
    });
  });

  it('accepts any past timestamp and up to 600 s ahead; refuses later ones and non-positive ones with 400', async () => {
    expect((await verifyOauthRequest(get({ timestamp: 1 }), makeDeps())).outcome).toBe('accepted');
    expect((await verifyOauthRequest(get({ timestamp: NOW_S + 600 }), makeDeps())).outcome).toBe('accepted');
    for (const timestamp of [NOW_S + 601, 0, -5]) {
      expect(await verifyOauthRequest(get({ timestamp }), makeDeps())).toEqual({
        outcome: 'refused',
        code: 'TIMESTAMP_REFUSED',
        status: 400,
        message: 'Incorrect timestamp value in the oauth_timestamp parameter',
      });
    }
    expect(await verifyOauthRequest(get({ override: { oauth_timestamp: 'soon' } }), makeDeps())).toMatchObject({
      code: 'TIMESTAMP_REFUSED',
    });
  });

  it('checks the timestamp before the nonce: a refused timestamp does not use the nonce up', async () => {
    const deps = makeDeps();
    await verifyOauthRequest(get({ nonce: 'n', timestamp: NOW_S + 601 }), deps);
    expect(deps.nonces.size).toBe(0);
  });

  it('answers 401 for an unknown consumer key and for one of the wrong length', async () => {
    const unknown = 'someoneelsesconsumerkey000000001';
    expect(await verifyOauthRequest(get({ consumerKey: unknown }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'CONSUMER_NOT_FOUND',
      status: 401,
      message: 'A consumer having the specified key does not exist',
    });
    expect(await verifyOauthRequest(get({ consumerKey: 'short' }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'CONSUMER_KEY_LENGTH',
      status: 401,
      message: 'Consumer key is not the correct length',
    });
    // an empty key skips the length guard (2.4.5+) and is simply not found
    expect(await verifyOauthRequest(get({ override: { oauth_consumer_key: '' } }), makeDeps())).toMatchObject({
      code: 'CONSUMER_NOT_FOUND',
    });
  });

  it('answers 401 for an unknown, foreign, non-access or revoked token', async () => {
    const other = 'anothertoken00000000000000000001';
    const cases = [
      [{}, 'TOKEN_NOT_FOUND', 'Specified token does not exist'],
      [
        { [other]: { secret: 's', consumerKey: 'anotherconsumerkey00000000000001', type: 'access' } },
        'TOKEN_CONSUMER_MISMATCH',
        'Token is not associated with the specified consumer',
      ],
      [{ [other]: { secret: 's', consumerKey: ERP.consumerKey, type: 'request' } }, 'TOKEN_NOT_ACCESS', 'Token is not an access token'],
      [
        { [other]: { secret: 's', consumerKey: ERP.consumerKey, type: 'access', revoked: true } },
        'TOKEN_REVOKED',
        'Access token has been revoked',
      ],
    ] as const;
    for (const [tokens, code, message] of cases) {
      const verdict = await verifyOauthRequest(get({ token: other, tokenSecret: 's' }), makeDeps(tokens));
      expect(verdict).toEqual({ outcome: 'refused', code, status: 401, message });
    }
  });

  it('answers 400 for a token that is not 32 characters, before looking at the consumer', async () => {
    expect(await verifyOauthRequest(get({ token: 'invalid', consumerKey: 'unknown' }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'TOKEN_LENGTH_INVALID',
      status: 400,
      message: 'The token length is invalid. Check the length and try again.',
    });
  });

  it('answers 400 naming the one absent parameter', async () => {
    expect(await verifyOauthRequest(get({ omit: ['oauth_nonce'] }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'PARAMETER_ABSENT',
      status: 400,
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: 'oauth_nonce' },
    });
  });

  it('answers 400 listing every absent parameter in the platform order', async () => {
    const verdict = await verifyOauthRequest(get({ omit: ['oauth_token', 'oauth_signature', 'oauth_consumer_key'] }), makeDeps());
    expect(verdict).toEqual({
      outcome: 'refused',
      code: 'PARAMETERS_ABSENT',
      status: 400,
      message: 'One or more input exceptions have occurred.',
      errors: ['oauth_consumer_key', 'oauth_signature', 'oauth_token'].map((fieldName) => ({
        message: '"%fieldName" is required. Enter and try again.',
        parameters: { fieldName },
      })),
    });
  });

  it('counts an empty value as present', async () => {
    expect(await verifyOauthRequest(get({ override: { oauth_nonce: '' } }), makeDeps())).toMatchObject({ code: 'SIGNATURE_INVALID' });
  });

  it('answers 400 naming the version unless it is (numerically) 1.0, and checks it first', async () => {
    expect(await verifyOauthRequest(get({ override: { oauth_version: '2.0' }, omit: ['oauth_nonce'] }), makeDeps())).toEqual({
      outcome: 'refused',
      code: 'VERSION_REJECTED',
      status: 400,
      message: 'The "%1" Oauth version isn\'t supported.',
      parameters: ['2.0'],
    });
    // PHP's loose comparison lets 1 and 1.00 through (then the signature decides)
    for (const oauth_version of ['1', '1.00']) {
      expect(await verifyOauthRequest(get({ override: { oauth_version } }), makeDeps())).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
    // optional: without it every check runs (and the signature, made with it, no longer matches)
    expect(await verifyOauthRequest(get({ omit: ['oauth_version'] }), makeDeps())).toMatchObject({ code: 'SIGNATURE_INVALID' });
  });

  it('ignores oauth_* parameters in the query string: the header is required', async () => {
    const query = 'oauth_consumer_key=x&oauth_token=y&oauth_nonce=z';
    const request = { method: 'GET', url: `${url}?${query}`, authorization: 'OAuth realm="x"' };
    expect(await verifyOauthRequest(request, makeDeps())).toEqual({ outcome: 'not-oauth' });
  });

  it('takes oauth_* parameters from a form body when the header brought none', async () => {
    const header = signWithLibrary({ method: 'POST', url, data: { name: 'x' } });
    const pairs = [...header.slice('OAuth '.length).matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => `${k}=${v}`);
    const request = {
      method: 'POST',
      url,
      authorization: 'OAuth realm="shop"',
      contentType: 'application/x-www-form-urlencoded',
      body: [...pairs, 'name=x'].join('&'),
    };
    expect((await verifyOauthRequest(request, makeDeps())).outcome).toBe('accepted');
  });

  it('answers the platform 500 for an array field in a form body (a PHP TypeError there)', async () => {
    const request = { ...get(), contentType: 'application/x-www-form-urlencoded', body: 'ids[]=1&ids[]=2' };
    expect(await verifyOauthRequest(request, makeDeps())).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
  });

  it('answers the platform 500 in 2.4.8 for a numeric parameter name, once the other checks pass', async () => {
    const numeric = `${url}?5=a`;
    expect(await verifyOauthRequest(signed({ method: 'GET', url: numeric }), makeDeps())).toMatchObject({
      code: 'INTERNAL_ERROR',
      status: 500,
    });
    expect(
      await verifyOauthRequest(signed({ method: 'GET', url: numeric, token: 'anothertoken00000000000000000001' }), makeDeps()),
    ).toMatchObject({
      code: 'TOKEN_NOT_FOUND',
    });
  });
});
