import type { TokenCodec } from '../../auth/tokens.js';
import { createBase64urlCodec } from '../../auth/base64url-token-codec.js';

/**
 * userToken: 32 bytes as base64url (43 characters), a keyed 6-byte id and 208 random bits;
 * a token of the earlier format (the plain id) still decodes, second.
 */
export function createSocialTokens(key: Buffer): TokenCodec {
  return createBase64urlCodec(key, { purpose: 'social token ids', plainIds: true });
}
