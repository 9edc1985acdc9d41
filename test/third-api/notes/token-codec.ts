import { checkIdSpace, type TokenCodec } from '../../../src/auth/tokens.js';

const SHAPE = /^nt_[0-9]{1,15}\.[A-Za-z0-9_-]{32}$/;

/** `nt_<id>.<verifier>`: readable on purpose, and unlike any other API's token. */
export function createNotesTokens(): TokenCodec {
  return {
    shape: SHAPE,
    maxId: Number.MAX_SAFE_INTEGER,
    newVerifier: (random) => random.bytes(24).toString('base64url'),
    encode({ id, verifier }) {
      checkIdSpace(this, id);
      return `nt_${id}.${verifier}`;
    },
    decode(token) {
      if (!SHAPE.test(token)) return [];
      const [id, verifier] = token.slice(3).split('.');
      return [{ id: Number(id), verifier }];
    },
  };
}
