import { checkIdSpace, type TokenCodec } from '../../auth/tokens.js';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_CHARS = 6;

/**
 * The platform's opaque token format, 32 characters of [0-9a-z] (docs/commerce-platform.md,
 * tokens): 6 for the id, 26 for the verifier (26 * log2(36) = 134 random bits), drawn
 * without modulo bias.
 */
export const commerceTokens: TokenCodec = {
  shape: /^[0-9a-z]{32}$/,
  maxId: 36 ** ID_CHARS - 1,
  newVerifier(random) {
    let out = '';
    while (out.length < 26) {
      for (const byte of random.bytes(40)) {
        if (byte < 252) out += BASE36[byte % 36]; // 252 = 7 * 36: rejection keeps it uniform
        if (out.length === 26) break;
      }
    }
    return out;
  },
  encode({ id, verifier }) {
    checkIdSpace(this, id);
    return id.toString(36).padStart(ID_CHARS, '0') + verifier;
  },
  decode(token) {
    if (!this.shape.test(token)) return undefined;
    return { id: parseInt(token.slice(0, ID_CHARS), 36), verifier: token.slice(ID_CHARS) };
  },
};
