import fc from 'fast-check';

/** Strings that break parsers and validators: unicode, control characters, injections, edges. */
export const arbitraryNastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      '\udc00x',
      '\ufeff',
      '\u202etxt.exe',
      'e\u0301',
      '👩‍👩‍👧‍👦',
      'ＡＢＣ',
      '١٢٣',
      "' OR '1'='1",
      '"; DROP TABLE tokens; --',
      '<script>alert(1)</script>',
      '../../../etc/passwd',
      '%s%s%s%n',
      '${jndi:ldap://127.0.0.1/a}',
      '{{7*7}}',
      '%00',
      '\r\nX-Injected: 1',
      'null',
      'undefined',
      'NaN',
      '0',
      '-0',
      '1e309',
      'true',
      '[]',
      '{}',
      '__proto__',
    ),
    weight: 3,
  },
);

/** Any JSON value, including the ones that are not the expected type. */
export const arbitraryJunkValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 53, -0, 0, 4294967296, 2147483648), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: arbitraryNastyString, weight: 3 },
  { arbitrary: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** Keys an attacker would add: prototype pollution, look-alikes of real fields, odd names. */
export const arbitraryJunkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'isAdmin',
    'role',
    'userId',
    'customer_id',
    'Username',
    'PASSWORD',
    'userToken',
    '0',
    '',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

/** Garbage where a token belongs: token-shaped random strings, near misses, long and odd ones. */
export const arbitraryGarbageToken: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[0-9a-z]{32}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  fc.stringMatching(/^[0-9a-z]{1,31}$/),
  fc.stringMatching(/^[0-9a-z]{33,64}$/),
  fc.stringMatching(/^[0-9]{1,20}\.[0-9a-z]{1,40}$/),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 64 }),
  fc.string({ minLength: 1000, maxLength: 4000 }),
  arbitraryNastyString,
);
