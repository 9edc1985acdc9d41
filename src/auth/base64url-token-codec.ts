import { checkIdSpace, type TokenCodec, type TokenParts, createIdPermutation } from './tokens.js';

export interface Base64urlCodecOptions {
  /** what the id permutation is keyed for: two codecs of one key never share ids */
  purpose: string;
  /** a prefix that tells the token at a glance (`amk_`) */
  prefix?: string;
  /** tokens issued before ids were permuted (the plain id) still decode, second */
  plainIds?: boolean;
}

/**
 * Opaque tokens as 32 bytes of base64url (43 characters), after an optional prefix: a
 * 6-byte id, the store's row id through a keyed permutation of 48 bits (so it reads as
 * random), and 26 random bytes (208 bits) whose SHA-256 is all the store keeps.
 */
export function createBase64urlCodec(key: Buffer, options: Base64urlCodecOptions): TokenCodec {
  const prefix = options.prefix ?? '';
  const shape = new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
  const ids = createIdPermutation(key, options.purpose);
  return {
    shape,
    maxId: 2 ** 48 - 1,
    newVerifier: (random) => random.bytes(26).toString('base64url'),
    encode({ id, verifier }) {
      checkIdSpace(this, id);
      const bytes = Buffer.alloc(32);
      bytes.writeUIntBE(ids.permute(id), 0, 6);
      Buffer.from(verifier, 'base64url').copy(bytes, 6);
      return prefix + bytes.toString('base64url');
    },
    decode(token) {
      if (!shape.test(token)) return [];
      const bytes = Buffer.from(token.slice(prefix.length), 'base64url');
      if (bytes.length !== 32) return [];
      const wire = bytes.readUIntBE(0, 6);
      const verifier = bytes.subarray(6).toString('base64url');
      const out: TokenParts[] = [{ id: ids.unpermute(wire), verifier }];
      if (options.plainIds && wire !== out[0].id) out.push({ id: wire, verifier });
      return out;
    },
  };
}
