import { describe, expect, it } from 'vitest';
import { compareNatural } from '../../../src/auth/oauth1/compare-natural.js';
import { comparePhpKeys } from '../../../src/auth/oauth1/compare-php-keys.js';
import { parsePhpQuery } from '../../../src/auth/oauth1/parse-php-query.js';
import { castToInt, isNumericString, looselyEqual } from '../../../src/auth/oauth1/php-numbers.js';
import { rawUrlDecode, rawUrlEncode, toByteString, urlDecode } from '../../../src/auth/oauth1/php-url-codec.js';

describe('PHP URL codecs', () => {
  it('rawurlencode leaves only A-Z a-z 0-9 - _ . ~ and encodes UTF-8 bytes', () => {
    expect(rawUrlEncode("a b+c/d~e-f_g.h!*'()")).toBe('a%20b%2Bc%2Fd~e-f_g.h%21%2A%27%28%29');
    expect(rawUrlEncode(toByteString('é'))).toBe('%C3%A9');
  });

  it('rawurldecode keeps a plus, urldecode makes it a space', () => {
    expect(rawUrlDecode('a+b%20c%2B%zz')).toBe('a+b c+%zz');
    expect(urlDecode('a+b%20c%2B')).toBe('a b c+');
  });
});

describe('strnatcmp', () => {
  it.each([
    ['a2', 'a10', -1],
    ['a10', 'a2', 1],
    ['img12', 'img12', 0],
    ['a', 'b', -1],
    ['B', 'a', -1],
    ['x01', 'x1', -1],
    ['007', '7', 0],
    ['a', '', 1],
    ['searchCriteria%5Bf%5D%5B2%5D', 'searchCriteria%5Bf%5D%5B10%5D', -1],
  ])('%s vs %s is %i', (a, b, expected) => {
    expect(Math.sign(compareNatural(a, b))).toBe(expected);
  });
});

describe('PHP numeric strings', () => {
  it('recognises what is_numeric does', () => {
    for (const yes of ['1', '1.0', ' 1.0', '1.0 ', '.5', '1.', '-2', '+3', '1e3']) expect(isNumericString(yes)).toBe(true);
    for (const no of ['', '.', 'abc', '1x', '0x1A', '%201.0', '1 0']) expect(isNumericString(no)).toBe(false);
  });

  it('casts to int as (int) does', () => {
    expect([castToInt('1700000000'), castToInt(' 12abc'), castToInt('1e3'), castToInt('12.9'), castToInt('abc'), castToInt('-5')]).toEqual([
      1700000000, 12, 1000, 12, 0, -5,
    ]);
  });

  it('compares loosely as PHP 8 == does', () => {
    expect(looselyEqual('1.0', '1')).toBe(true);
    expect(looselyEqual('1.0', '1.00')).toBe(true);
    expect(looselyEqual('1.0', '1.0a')).toBe(false);
    expect(looselyEqual('1.0', '')).toBe(false);
  });

  it('orders keys as ksort does: numeric ones by value, the rest by bytes', () => {
    expect(['b', 'B', '_a', 'a', '10', '9'].sort(comparePhpKeys)).toEqual(['10', '9', 'B', '_a', 'a', 'b'].sort(comparePhpKeys));
    expect(['10', '9'].sort(comparePhpKeys)).toEqual(['9', '10']);
    expect(['oauth_token', 'oauth_nonce', 'Zeta', 'alpha'].sort(comparePhpKeys)).toEqual(['Zeta', 'alpha', 'oauth_nonce', 'oauth_token']);
  });
});

describe('parse_str', () => {
  const parse = (query: string) => Object.fromEntries(parsePhpQuery(query));

  it('decodes plus as space, skips empty pieces and lets a later name win', () => {
    expect(parse('a=1+2&&b=%41&a=3&flag')).toEqual({ a: '3', b: 'A', flag: '' });
  });

  it('mangles names as PHP registers variables', () => {
    expect(parse('a.b=1& c d=2&x[=3&y[ z=4')).toEqual({ a_b: '1', c_d: '2', x_: '3', y__z: '4' });
    expect(parse('=1&[a]=2')).toEqual({});
  });

  it('turns bracketed names into an array under the base name', () => {
    expect(parse('a=1&a[]=2&s[x][y]=3')).toEqual({ a: { kind: 'array' }, s: { kind: 'array' } });
  });
});
