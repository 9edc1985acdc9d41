import { checkIdSpace, type TokenCodec } from '../../auth/tokens.js';
import { createIdPermutation } from '../../auth/feistel.js';

const PREFIX = 'amk_';
const SHAPE = /^amk_[A-Za-z0-9_-]{43}$/;

/**
 * A user spec's opaque tokens: `amk_` and 32 bytes as base64url, a 6-byte id (the store's
 * row id through a keyed permutation, keyed per API so one API's ids mean nothing to
 * another) and 26 random bytes (208 bits) whose SHA-256 is all the store keeps. The
 * prefix lets secret scanners and people tell an authmock token at a glance.
 */
export function createSpecTokens(key: Buffer, api: string): TokenCodec {
  const ids = createIdPermutation(key, `spec token ids: ${api}`);
  return {
    shape: SHAPE,
    maxId: 2 ** 48 - 1,
    newVerifier: (random) => random.bytes(26).toString('base64url'),
    encode({ id, verifier }) {
      checkIdSpace(this, id);
      const bytes = Buffer.alloc(32);
      bytes.writeUIntBE(ids.permute(id), 0, 6);
      Buffer.from(verifier, 'base64url').copy(bytes, 6);
      return PREFIX + bytes.toString('base64url');
    },
    decode(token) {
      if (!SHAPE.test(token)) return [];
      const bytes = Buffer.from(token.slice(PREFIX.length), 'base64url');
      if (bytes.length !== 32) return [];
      return [{ id: ids.unpermute(bytes.readUIntBE(0, 6)), verifier: bytes.subarray(6).toString('base64url') }];
    },
  };
}
