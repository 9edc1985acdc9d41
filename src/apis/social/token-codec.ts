import { checkIdSpace, type TokenCodec, type TokenParts } from '../../auth/tokens.js';
import { createIdPermutation } from '../../auth/feistel.js';

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * userToken: 32 bytes as base64url (43 characters): a 6-byte id and 26 random bytes
 * (208 bits). The id is the store's row id through a keyed permutation of 48 bits, so it
 * reads as random; a token of the earlier format (the plain id) still decodes, second.
 */
export function createSocialTokens(key: Buffer): TokenCodec {
  const ids = createIdPermutation(key, 'social token ids');
  return {
    shape: SHAPE,
    maxId: 2 ** 48 - 1,
    newVerifier: (random) => random.bytes(26).toString('base64url'),
    encode({ id, verifier }) {
      checkIdSpace(this, id);
      const bytes = Buffer.alloc(32);
      bytes.writeUIntBE(ids.permute(id), 0, 6);
      Buffer.from(verifier, 'base64url').copy(bytes, 6);
      return bytes.toString('base64url');
    },
    decode(token) {
      if (!SHAPE.test(token)) return [];
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== 32) return [];
      const wire = bytes.readUIntBE(0, 6);
      const verifier = bytes.subarray(6).toString('base64url');
      const out: TokenParts[] = [{ id: ids.unpermute(wire), verifier }];
      if (wire !== out[0].id) out.push({ id: wire, verifier });
      return out;
    },
  };
}
