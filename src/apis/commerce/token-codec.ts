import { checkIdSpace, createIdPermutation, type TokenCodec, type TokenParts } from '../../auth/tokens.js';
import type { RandomSource } from '../../core/types.js';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const SHAPE = /^[0-9a-z]{32}$/;
const ID_CHARS = 10;
const LEGACY_ID_CHARS = 6;
const ID_SPACE = 2 ** 48;

/**
 * The platform's opaque token format, 32 characters of [0-9a-z] (docs/commerce-platform.md,
 * tokens): 10 for the id, 22 for the verifier (22 * log2(36) = 113 random bits), drawn
 * without modulo bias. The id is the store's row id through a keyed permutation of 48
 * bits: 2^48 ids do not run out (a million tokens a second for nine years), and on the
 * wire they look random. Tokens of the earlier format (6 characters of plain id, 26 of
 * verifier) still decode, second, so an upgrade loses no token a user kept.
 */
export function createCommerceTokens(key: Buffer): TokenCodec {
  const ids = createIdPermutation(key, 'commerce token ids');
  return {
    shape: SHAPE,
    maxId: ID_SPACE - 1,
    newVerifier: (random) => drawBase36(random, 32 - ID_CHARS),
    encode({ id, verifier }) {
      checkIdSpace(this, id);
      return ids.permute(id).toString(36).padStart(ID_CHARS, '0') + verifier;
    },
    decode(token) {
      if (!SHAPE.test(token)) return [];
      const out: TokenParts[] = [];
      const wire = parseInt(token.slice(0, ID_CHARS), 36);
      if (wire < ID_SPACE) out.push({ id: ids.unpermute(wire), verifier: token.slice(ID_CHARS) });
      out.push({ id: parseInt(token.slice(0, LEGACY_ID_CHARS), 36), verifier: token.slice(LEGACY_ID_CHARS) });
      return out;
    },
  };
}

function drawBase36(random: RandomSource, length: number): string {
  // the characters' codes into one buffer: a string grown a character at a time makes one string per character
  const out = Buffer.allocUnsafe(length);
  let n = 0;
  while (n < length) {
    for (const byte of random.bytes(length + 16)) {
      if (byte < 252) out[n++] = BASE36.charCodeAt(byte % 36); // 252 = 7 * 36: rejection keeps it uniform
      if (n === length) break;
    }
  }
  return out.toString('latin1');
}
