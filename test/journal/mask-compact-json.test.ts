import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prepareRedaction, redact } from '../../src/journal/redact.js';
import { maskCompactJson, type JsonMasks } from '../../src/journal/mask-compact-json.js';

const prepared = prepareRedaction({ tokenShapes: [/^[0-9a-z]{32}$/, /^[A-Za-z0-9_-]{43}$/] });
const COMMERCE = 'abcdefghij0123456789klmnopqrstuv';
const SOCIAL = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const json = (text: string) => redact('body', text, { ...prepared, contentType: 'application/json' });
// A leading space is not compact JSON: the text is parsed, walked and written again, the reference.
const parsed = (text: string) => json(` ${text}`);

const names = fc.constantFrom('username', 'password', 'secretKey', 'userToken', 'pin', 'code', 'items', 'a', '1', '__proto__', 'é…');
const strings = fc.oneof(
  fc.string(),
  fc.constantFrom(COMMERCE, SOCIAL, `Bearer ${SOCIAL}`, `${COMMERCE}x`, '', '\u2026', '"', '\\', '\n', '\ud800', '😀'),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    strings,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(names, tie('value'), { maxKeys: 5 }),
  ),
}));

describe('maskCompactJson', () => {
  it('masks a text JSON.stringify wrote exactly as parsing, masking and writing it again would', () => {
    fc.assert(
      fc.property(value, (v) => {
        const text = JSON.stringify(v);
        expect(json(text)).toBe(parsed(text));
      }),
      { seed: 29, numRuns: 2000 },
    );
  });

  it('answers undefined for any text it would not write back the same, and the parse decides', () => {
    const masks: JsonMasks = { string: (s) => s, masksScalar: () => false };
    for (const text of [
      ' {}',
      '{"a": 1}',
      '{"a":1,"a":2}',
      '{"b":1,"1":2}',
      '{"__proto__":{"x":1}}',
      '"a\\"b"',
      '"\\u00e9"',
      '1.50',
      '1e3',
      '-0',
      '12345678901234567890',
      '[1,]',
      '{"a":1',
      '"\ud800"',
      `${'['.repeat(100)}${']'.repeat(100)}`,
      'tru',
      '',
    ]) {
      expect(maskCompactJson(text, masks), text).toBeUndefined();
    }
    expect(json('{"a":1,"a":"x"}')).toBe('{"a":"x"}');
    expect(json('{"b":1,"1":2}')).toBe('{"1":2,"b":1}');
  });

  it('masks passwords and numbers under a secret name whole, tokens to a prefix, at any depth', () => {
    const text = JSON.stringify({ password: 'p', pin: 1234, secretKey: true, user: [{ userToken: SOCIAL }], note: `see ${COMMERCE}` });
    expect(json(text)).toBe(
      JSON.stringify({ password: '***', pin: 1234, secretKey: '***', user: [{ userToken: 'AbCdEf…' }], note: 'see abcdef…' }),
    );
    expect(json(text)).toBe(parsed(text));
  });

  it('agrees with the parse on any text, JSON or not, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const out = json(text);
        if (valid && !/^\s/.test(text)) expect(out).toBe(parsed(text));
      }),
      { seed: 30, numRuns: 1000 },
    );
  });
});
