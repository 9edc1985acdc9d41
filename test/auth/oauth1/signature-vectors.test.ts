import { describe, expect, it } from 'vitest';
import { buildBaseString, collectOauthParams, verifyOauthRequest, type OauthVariant } from '../../../src/auth/oauth1/index.js';

/**
 * Signatures computed by running the platform's released signer classes (Laminas from a
 * 2.4.6-p1 project, Helper/Signature/Hmac from 2.4.8-p1): commerce-integrations-facts.md §1.4.
 * 2.4.4-2.4.5 sign as Laminas does but leave the path alone (derived from the ZF1 source).
 */
const CREDENTIALS = {
  consumerKey: 'ck0123456789abcdefghijklmnopqrst',
  consumerSecret: 'cs0123456789abcdefghijklmnopqrst',
  token: 'tk0123456789abcdefghijklmnopqrst',
  tokenSecret: 'ts0123456789abcdefghijklmnopqrst',
};
const SHOP = 'https://shop.example.com';
const ORDERS_FILTERS =
  `${SHOP}/rest/V1/orders?searchCriteria%5Bfilter_groups%5D%5B2%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=a` +
  '&searchCriteria%5Bfilter_groups%5D%5B10%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=b';

const VECTORS: Array<{ what: string; method: string; url: string; signatures: Record<OauthVariant, string> }> = [
  {
    what: 'a plain path',
    method: 'GET',
    url: `${SHOP}/rest/V1/store/storeViews`,
    signatures: same('7HZn+hjf0GdY3krHFXbj8AR5O0QTwqShven2HBOHOh8='),
  },
  {
    what: 'a store code and search criteria',
    method: 'GET',
    url: `${SHOP}/rest/default/V1/products?searchCriteria%5BpageSize%5D=10&searchCriteria%5BcurrentPage%5D=1`,
    signatures: same('9mRxEufvO26f5LFHXQA/Y3Hi/L+tDZVXe/AHl77tjhg='),
  },
  {
    what: 'an encoded slash in the path (2.4.6-2.4.7 decode it)',
    method: 'GET',
    url: `${SHOP}/rest/V1/products/abc%2F123`,
    signatures: {
      '2.4.8': '0F8e0FhhZg9U5f5hd5wKgYpAshB8YqOpd/TsQfWoRVc=',
      '2.4.6': 'Bn3phjCV8xwy+SK6hkeWPG0oxSDzr8AGMRzFho9B/0E=',
      '2.4.4': '0F8e0FhhZg9U5f5hd5wKgYpAshB8YqOpd/TsQfWoRVc=',
    },
  },
  {
    what: 'a POST (a JSON body is not signed)',
    method: 'POST',
    url: `${SHOP}/rest/V1/products`,
    signatures: same('7/BiOCORvmiteTH1a2R5wQ1EMLWST6fiSCIztNqxghc='),
  },
  {
    what: 'filter group 2 and 10 (byte order in 2.4.8, natural order before)',
    method: 'GET',
    url: ORDERS_FILTERS,
    signatures: {
      '2.4.8': 'wJeLk3MQ8hSMcCAD+hQlYzl8w5di50CmVKF8ISyafXQ=',
      '2.4.6': 'SGa4ZL1Rv3FdlQiQ6iqxIWQVLOHVLS5tGLAORMty0hQ=',
      '2.4.4': 'SGa4ZL1Rv3FdlQiQ6iqxIWQVLOHVLS5tGLAORMty0hQ=',
    },
  },
  {
    what: 'a %20 in the query',
    method: 'GET',
    url: `${SHOP}/rest/V1/orders?q=2024-10-25%2000%3A00%3A00`,
    signatures: same('SIuE4njT/Y69ALGA4rYCrR2opVT7RCV+cba9UD1VIZI='),
  },
  {
    what: 'a + in the query (a space in 2.4.8, a plus before)',
    method: 'GET',
    url: `${SHOP}/rest/V1/orders?q=2024-10-25+00%3A00%3A00`,
    signatures: {
      '2.4.8': 'SIuE4njT/Y69ALGA4rYCrR2opVT7RCV+cba9UD1VIZI=',
      '2.4.6': 'mltVb2HkqcVa3/yR3AYSTx0tbK1sc+c+tJN3zYxB7/Q=',
      '2.4.4': 'mltVb2HkqcVa3/yR3AYSTx0tbK1sc+c+tJN3zYxB7/Q=',
    },
  },
];

function same(signature: string): Record<OauthVariant, string> {
  return { '2.4.8': signature, '2.4.6': signature, '2.4.4': signature };
}

function header(signature: string): string {
  const fields = {
    oauth_consumer_key: CREDENTIALS.consumerKey,
    oauth_token: CREDENTIALS.token,
    oauth_signature_method: 'HMAC-SHA256',
    oauth_nonce: 'nonce123',
    oauth_timestamp: '1700000000',
    oauth_version: '1.0',
    oauth_signature: signature,
  };
  return (
    'OAuth ' +
    Object.entries(fields)
      .map(([k, v]) => `${k}="${encodeURIComponent(v)}"`)
      .join(', ')
  );
}

function deps() {
  return {
    now: 1_700_000_000_000,
    lookupConsumer: (key: string) => (key === CREDENTIALS.consumerKey ? { id: 7, secret: CREDENTIALS.consumerSecret } : undefined),
    lookupToken: (token: string) =>
      token === CREDENTIALS.token
        ? { secret: CREDENTIALS.tokenSecret, consumerKey: CREDENTIALS.consumerKey, type: 'access' as const }
        : undefined,
    rememberNonce: () => true,
  };
}

describe.each(['2.4.8', '2.4.6', '2.4.4'] as const)('variant %s verifies the platform own signatures', (variant) => {
  it.each(VECTORS)('$what', async ({ method, url, signatures }) => {
    const request = { method, url, authorization: header(signatures[variant]), contentType: 'application/json', body: '{"a":1}' };
    expect(await verifyOauthRequest(request, deps(), { variant })).toMatchObject({ outcome: 'accepted', consumerId: 7 });
  });

  it.each(VECTORS.filter((v) => new Set(Object.values(v.signatures)).size > 1))(
    'refuses another release signature for $what',
    async ({ method, url, signatures }) => {
      const foreign = Object.values(signatures).find((s) => s !== signatures[variant])!;
      const request = { method, url, authorization: header(foreign) };
      expect(await verifyOauthRequest(request, deps(), { variant })).toMatchObject({ code: 'SIGNATURE_INVALID' });
    },
  );
});

describe('buildBaseString', () => {
  it('builds the base string of the platform example byte for byte', () => {
    const url = `${SHOP}/rest/V1/store/storeViews`;
    const collected = collectOauthParams({ method: 'GET', url, authorization: header('x') }, '2.4.8');
    if (collected.kind !== 'params') throw new Error('expected parameters');
    expect(buildBaseString('GET', url, collected.params, '2.4.8')).toEqual({
      ok: true,
      baseString:
        'GET&https%3A%2F%2Fshop.example.com%2Frest%2FV1%2Fstore%2FstoreViews&oauth_consumer_key%3Dck0123456789abcdefghijklmnopqrst' +
        '%26oauth_nonce%3Dnonce123%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1700000000' +
        '%26oauth_token%3Dtk0123456789abcdefghijklmnopqrst%26oauth_version%3D1.0',
    });
  });

  it('keeps the port and case of the Host header in 2.4.8 and drops a default port before', () => {
    const params = new Map<string, string>([['a', '1']]);
    const base = (url: string, variant: OauthVariant) => {
      const result = buildBaseString('get', url, params, variant);
      return result.ok ? result.baseString : result.detail;
    };
    expect(base('https://Shop.Example.com:443/rest/V1/x', '2.4.8')).toBe('GET&https%3A%2F%2FShop.Example.com%3A443%2Frest%2FV1%2Fx&a%3D1');
    expect(base('https://Shop.Example.com:443/rest/V1/x', '2.4.6')).toBe('GET&https%3A%2F%2Fshop.example.com%2Frest%2FV1%2Fx&a%3D1');
    expect(base('http://Shop.Example.com:8080/rest/./V1/../V1/x', '2.4.6')).toBe(
      'GET&http%3A%2F%2Fshop.example.com%3A8080%2Frest%2FV1%2Fx&a%3D1',
    );
    expect(base('http://Shop.Example.com:80/rest/./V1/x', '2.4.4')).toBe('GET&http%3A%2F%2Fshop.example.com%2Frest%2F.%2FV1%2Fx&a%3D1');
  });

  it('signs 2.4.8 query edge cases as PHP parse_str reads them', () => {
    const base = (query: string) => {
      const result = buildBaseString('GET', `http://h/p?${query}`, new Map(), '2.4.8');
      return result.ok ? decodeURIComponent(result.baseString.split('&').slice(2).join('&')) : result.detail;
    };
    expect(base('flag')).toBe('flag=');
    expect(base('a=b=c')).toBe('a=b%3Dc');
    expect(base('a.b=1')).toBe('a_b=1');
    expect(base('a=1&a=2')).toBe('a=2');
    expect(base('x[=1')).toBe('x_=1');
    expect(base('5=a')).toMatch(/must be of type string, int given/);
  });
});
