import type { TokenCodec } from '../../auth/tokens.js';
import { createBase64urlCodec } from '../../auth/base64url-token-codec.js';

/**
 * A user spec's opaque tokens: `amk_` and 43 characters of base64url (a keyed id and 208
 * random bits), keyed per API so one API's ids mean nothing to another. The prefix lets
 * secret scanners and people tell an authmock token at a glance.
 */
export function createSpecTokens(key: Buffer, api: string): TokenCodec {
  return createBase64urlCodec(key, { purpose: `spec token ids: ${api}`, prefix: 'amk_' });
}
