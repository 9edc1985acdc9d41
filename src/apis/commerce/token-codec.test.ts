import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSpaceError } from '../../auth/tokens.js';
import { createCommerceTokens } from './token-codec.js';

const KEY = Buffer.alloc(32, 7);
const codec = createCommerceTokens(KEY);
const random = { bytes: (n: number) => randomBytes(n) };
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

describe('the commerce token codec', () => {
  it('decodes what it encoded, first of the candidates', () => {
    for (const id of [1, 2, 36 ** 6, 123_456_789, codec.maxId]) {
      const verifier = codec.newVerifier(random);
      const token = codec.encode({ id, verifier });
      expect(codec.decode(token)[0]).toEqual({ id, verifier });
    }
  });

  it("makes tokens of the platform's shape: 32 characters of [0-9a-z]", () => {
    for (let i = 1; i < 200; i++) {
      const token = codec.encode({ id: i * 1_000_003, verifier: codec.newVerifier(random) });
      expect(token).toMatch(/^[0-9a-z]{32}$/);
      expect(codec.shape.test(token)).toBe(true);
    }
  });

  it('refuses an id outside its space instead of making a token that reads back as another', () => {
    const verifier = codec.newVerifier(random);
    for (const id of [0, -1, 1.5, codec.maxId + 1, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => codec.encode({ id, verifier })).toThrow(TokenSpaceError);
    }
    expect(codec.maxId).toBe(2 ** 48 - 1);
  });

  it('hides the row id behind the key: other keys put other ids on the wire', () => {
    const verifier = codec.newVerifier(random);
    const other = createCommerceTokens(Buffer.alloc(32, 8));
    expect(codec.encode({ id: 1, verifier })).not.toBe(other.encode({ id: 1, verifier }));
    expect(codec.encode({ id: 1, verifier })).toBe(createCommerceTokens(KEY).encode({ id: 1, verifier }));
    expect(codec.encode({ id: 1, verifier }).slice(0, 10)).not.toBe('0000000001');
  });

  it('still reads a token of the earlier format (6 characters of plain id), second', () => {
    const legacy = (42).toString(36).padStart(6, '0') + 'a'.repeat(26);
    expect(codec.decode(legacy)).toContainEqual({ id: 42, verifier: 'a'.repeat(26) });
    expect(codec.decode(legacy).at(-1)).toEqual({ id: 42, verifier: 'a'.repeat(26) });
  });

  it('reads nothing out of a string of another shape', () => {
    for (const token of ['', 'short', 'A'.repeat(32), 'a'.repeat(31), 'a'.repeat(33), `${'a'.repeat(31)}-`]) {
      expect(codec.decode(token)).toEqual([]);
    }
  });

  it('draws 22 verifier characters, skipping the bytes that would favour some of them', () => {
    // 255 % 36 = 3 would show as '3'; rejection sampling drops it, so only 35 ('z') is left.
    const biased = { bytes: (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i % 2 ? 35 : 255))) };
    expect(codec.newVerifier(biased)).toBe('z'.repeat(22));
  });

  it('draws every character of the alphabet equally often', () => {
    const counts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) for (const c of codec.newVerifier(random)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(ALPHABET);
    const expected = (draws * 22) / 36;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(80); // 35 degrees of freedom: p < 1e-5 for a uniform source
  });
});
