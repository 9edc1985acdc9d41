import { describe, expect, it } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import type { SecurityScheme } from '../core/types.js';
import { readBearer, readCredential, type CredentialSource } from './credentials.js';

const bearer: SecurityScheme = { name: 'bearerAuth', type: 'http', scheme: 'bearer' };
const bodyBearer: SecurityScheme = { name: 'bodyToken', type: 'http', scheme: 'bearer', bodyField: 'access_token' };
const basic: SecurityScheme = { name: 'basicAuth', type: 'http', scheme: 'basic' };
const oauth2: SecurityScheme = { name: 'oauth2', type: 'oauth2', flows: {} };
const oidc: SecurityScheme = { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' };
const headerKey: SecurityScheme = { name: 'headerKey', type: 'apiKey', in: 'header', param: 'X-API-Key' };
const queryKey: SecurityScheme = { name: 'queryKey', type: 'apiKey', in: 'query', param: 'api_key' };
const cookieKey: SecurityScheme = { name: 'cookieKey', type: 'apiKey', in: 'cookie', param: 'session' };
const tokenKey: SecurityScheme = { name: 'tokenKey', type: 'apiKey', in: 'header', param: 'X-Token', verifier: 'token' };
const signed: SecurityScheme = { name: 'oauth1', type: 'apiKey', in: 'header', param: 'Authorization', verifier: 'oauth1' };
const mtls: SecurityScheme = { name: 'mtls', type: 'unsupported', declared: 'mutualTLS' };

const source = (headers: IncomingHttpHeaders = {}, query = '', body?: unknown): CredentialSource => ({
  headers,
  query: new URLSearchParams(query),
  ...(body === undefined ? {} : { body }),
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('readCredential', () => {
  it.each<[string, SecurityScheme, CredentialSource, ReturnType<typeof readCredential>]>([
    // http bearer, oauth2 and openIdConnect: the Authorization header's Bearer token
    ['a bearer token', bearer, source({ authorization: 'Bearer abc' }), { kind: 'token', value: 'abc' }],
    ['the Bearer scheme in any case', bearer, source({ authorization: 'bEaReR abc' }), { kind: 'token', value: 'abc' }],
    ['a bearer with spaces around', bearer, source({ authorization: '  Bearer   abc  ' }), { kind: 'token', value: 'abc' }],
    ['an empty bearer', bearer, source({ authorization: 'Bearer ' }), undefined],
    ['a bearer of three parts', bearer, source({ authorization: 'Bearer a b' }), undefined],
    ['another Authorization scheme on a bearer scheme', bearer, source({ authorization: `Basic ${b64('a:b')}` }), undefined],
    ['no Authorization header', bearer, source(), undefined],
    ['an oauth2 token', oauth2, source({ authorization: 'Bearer xyz' }), { kind: 'token', value: 'xyz' }],
    ['an openIdConnect token', oidc, source({ authorization: 'Bearer xyz' }), { kind: 'token', value: 'xyz' }],
    ['a body field is no oauth2 token', oauth2, source({}, '', { access_token: 'xyz' }), undefined],
    ['a token in the body field', bodyBearer, source({}, '', { access_token: 'xyz' }), { kind: 'token', value: 'xyz' }],
    [
      'the header before the body field',
      bodyBearer,
      source({ authorization: 'Bearer h' }, '', { access_token: 'b' }),
      { kind: 'token', value: 'h' },
    ],
    ['an empty body field', bodyBearer, source({}, '', { access_token: '' }), undefined],
    ['a body field that is no string', bodyBearer, source({}, '', { access_token: 7 }), undefined],
    ['a body field on a scheme without one', bearer, source({}, '', { access_token: 'xyz' }), undefined],
    ['a body field where no body came', bodyBearer, source(), undefined],
    // http basic
    [
      'Basic user:password',
      basic,
      source({ authorization: `Basic ${b64('ann:s3cret')}` }),
      { kind: 'password', username: 'ann', password: 's3cret' },
    ],
    [
      'Basic in any case',
      basic,
      source({ authorization: `basic ${b64('ann:pw')}` }),
      { kind: 'password', username: 'ann', password: 'pw' },
    ],
    [
      'Basic with an empty password',
      basic,
      source({ authorization: `Basic ${b64('sk_test:')}` }),
      { kind: 'password', username: 'sk_test', password: '' },
    ],
    [
      'Basic whose password holds a colon',
      basic,
      source({ authorization: `Basic ${b64('a:b:c')}` }),
      { kind: 'password', username: 'a', password: 'b:c' },
    ],
    [
      'Basic that is not base64',
      basic,
      source({ authorization: 'Basic ***' }),
      { kind: 'malformed', detail: 'Basic credentials are not base64' },
    ],
    [
      'Basic without a colon',
      basic,
      source({ authorization: `Basic ${b64('annpw')}` }),
      { kind: 'malformed', detail: 'Basic credentials are not user:password' },
    ],
    [
      'Basic with an empty value',
      basic,
      source({ authorization: 'Basic ' }),
      { kind: 'malformed', detail: 'Basic credentials are not user:password' },
    ],
    ['Basic of two parts', basic, source({ authorization: 'Basic a b' }), undefined],
    ['a bearer on a Basic scheme', basic, source({ authorization: 'Bearer abc' }), undefined],
    ['no header on a Basic scheme', basic, source(), undefined],
    [
      'Basic with an empty user id',
      basic,
      source({ authorization: `Basic ${b64(':pw')}` }),
      { kind: 'password', username: '', password: 'pw' },
    ],
    [
      'Basic after several spaces',
      basic,
      source({ authorization: `Basic   ${b64('ann:pw')}` }),
      { kind: 'password', username: 'ann', password: 'pw' },
    ],
    [
      'Basic with spaces after',
      basic,
      source({ authorization: ` Basic ${b64('ann:pw')}  ` }),
      { kind: 'password', username: 'ann', password: 'pw' },
    ],
    ['a scheme that only ends in basic', basic, source({ authorization: `NotBasic ${b64('ann:pw')}` }), undefined],
    // apiKey: header, query, cookie
    ['a header key, the name in any case', headerKey, source({ 'x-api-key': ' k1 ' }), { kind: 'key', value: 'k1' }],
    [
      'a header key sent twice: the first',
      headerKey,
      source({ 'x-api-key': ['k1', 'k2'] as unknown as string }),
      { kind: 'key', value: 'k1' },
    ],
    ['a blank header key', headerKey, source({ 'x-api-key': '  ' }), undefined],
    ['no header key', headerKey, source(), undefined],
    ['a query key', queryKey, source({}, 'api_key=k2'), { kind: 'key', value: 'k2' }],
    ['an empty query key', queryKey, source({}, 'api_key='), undefined],
    ['a query key under another name', queryKey, source({}, 'key=k2'), undefined],
    ['a cookie key', cookieKey, source({ cookie: 'a=1; session=k3; b=2' }), { kind: 'key', value: 'k3' }],
    ['a quoted, percent-encoded cookie', cookieKey, source({ cookie: 'session="k%203"' }), { kind: 'key', value: 'k 3' }],
    ['a cookie that is no percent-encoding', cookieKey, source({ cookie: 'session=k%zz' }), { kind: 'key', value: 'k%zz' }],
    ['a cookie with spaces around its value', cookieKey, source({ cookie: 'session= k3 ;x=1' }), { kind: 'key', value: 'k3' }],
    ['a cookie quoted only at its end', cookieKey, source({ cookie: 'session=a"b"' }), { kind: 'key', value: 'a"b"' }],
    ['a cookie quoted only at its start', cookieKey, source({ cookie: 'session="a"b' }), { kind: 'key', value: '"a"b' }],
    ['a cookie pair without = whose name runs on', cookieKey, source({ cookie: 'sessionx' }), undefined],
    ['an empty cookie', cookieKey, source({ cookie: 'session=' }), undefined],
    ['a cookie pair without =', cookieKey, source({ cookie: 'session; other=1' }), undefined],
    ['a cookie whose name only ends the same', cookieKey, source({ cookie: 'my_session=k3' }), undefined],
    ['no Cookie header', cookieKey, source(), undefined],
    ['an apiKey that carries a token', tokenKey, source({ 'x-token': 't1' }), { kind: 'token', value: 't1' }],
    [
      'an OAuth 1.0a signature',
      signed,
      source({ authorization: 'OAuth oauth_consumer_key="c"' }),
      { kind: 'signed', authorization: 'OAuth oauth_consumer_key="c"' },
    ],
    ['a header that only holds oauth', signed, source({ authorization: 'Digest oauth x' }), undefined],
    ['a bearer on an OAuth 1.0a scheme', signed, source({ authorization: 'Bearer abc' }), undefined],
    ['a scheme authmock cannot read', mtls, source({ authorization: 'Bearer abc' }), undefined],
  ])('%s', (_title, scheme, src, expected) => {
    expect(readCredential(scheme, src)).toEqual(expected);
  });
});

describe('readBearer', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['Bearer t', 't'],
    ['BEARER t', 't'],
    ['Bearer', undefined],
    ['Token t', undefined],
    ['Bearer t u', undefined],
  ])('%j reads as %j', (header, expected) => {
    expect(readBearer(header)).toBe(expected);
  });
});
