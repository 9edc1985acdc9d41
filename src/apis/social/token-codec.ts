import { checkIdSpace, type TokenCodec } from '../../auth/tokens.js';

/** userToken: 32 bytes as base64url (43 characters): a 6-byte id and 26 random bytes (208 bits). */
export const socialTokens: TokenCodec = {
  shape: /^[A-Za-z0-9_-]{43}$/,
  maxId: 2 ** 48 - 1,
  newVerifier: (random) => random.bytes(26).toString('base64url'),
  encode({ id, verifier }) {
    checkIdSpace(this, id);
    const bytes = Buffer.alloc(32);
    bytes.writeUIntBE(id, 0, 6);
    Buffer.from(verifier, 'base64url').copy(bytes, 6);
    return bytes.toString('base64url');
  },
  decode(token) {
    if (!this.shape.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== 32) return undefined;
    return { id: bytes.readUIntBE(0, 6), verifier: bytes.subarray(6).toString('base64url') };
  },
};
