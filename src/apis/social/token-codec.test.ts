import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSpaceError } from '../../auth/tokens.js';
import { createSocialTokens } from './token-codec.js';

const codec = createSocialTokens(Buffer.alloc(32, 3));
const random = { bytes: (n: number) => randomBytes(n) };

describe('the social token codec', () => {
  it('decodes what it encoded, first of the candidates', () => {
    for (const id of [1, 2, 255, 2 ** 32, codec.maxId]) {
      const verifier = codec.newVerifier(random);
      expect(codec.decode(codec.encode({ id, verifier }))[0]).toEqual({ id, verifier });
    }
  });

  it('makes 43 characters of base64url: 32 bytes, 26 of them random', () => {
    const verifier = codec.newVerifier(random);
    expect(Buffer.from(verifier, 'base64url')).toHaveLength(26);
    const token = codec.encode({ id: 77, verifier });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('refuses an id outside its 48 bits', () => {
    const verifier = codec.newVerifier(random);
    for (const id of [0, -5, 0.5, 2 ** 48]) expect(() => codec.encode({ id, verifier })).toThrow(TokenSpaceError);
  });

  it('does not put the row id on the wire as it is', () => {
    const token = codec.encode({ id: 1, verifier: codec.newVerifier(random) });
    expect(Buffer.from(token, 'base64url').readUIntBE(0, 6)).not.toBe(1);
  });

  it('still reads a token of the earlier format (the plain id), second', () => {
    const bytes = Buffer.alloc(32, 9);
    bytes.writeUIntBE(42, 0, 6);
    const candidates = codec.decode(bytes.toString('base64url'));
    expect(candidates).toHaveLength(2);
    expect(candidates[1]).toEqual({ id: 42, verifier: bytes.subarray(6).toString('base64url') });
  });

  it('reads nothing out of a string of another shape', () => {
    for (const token of ['', 'x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`, `${'x'.repeat(42)}+`]) {
      expect(codec.decode(token)).toEqual([]);
    }
  });

  it('draws verifier bytes uniformly (base64url of the random source, nothing dropped)', () => {
    const counts = new Array<number>(256).fill(0);
    const draws = 10_000;
    for (let i = 0; i < draws; i++) for (const b of Buffer.from(codec.newVerifier(random), 'base64url')) counts[b]++;
    const expected = (draws * 26) / 256;
    const chiSquare = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(360); // 255 degrees of freedom: p < 1e-5 for a uniform source
  });
});
