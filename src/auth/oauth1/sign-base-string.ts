import { createHmac } from 'node:crypto';
import { rawUrlEncode, toByteString } from './php-url-codec.js';

/**
 * HMAC over the base string with key enc(consumer secret) & enc(token secret), base64.
 * Only the hash differs between the two methods: 2.4.8 maps HMAC-SHA1 to sha1 and
 * anything else to sha256 (the method check has already refused the rest).
 */
export function signBaseString(baseString: string, signatureMethod: string, consumerSecret: string, tokenSecret: string): string {
  const hash = signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const key = `${rawUrlEncode(toByteString(consumerSecret))}&${rawUrlEncode(toByteString(tokenSecret))}`;
  return createHmac(hash, Buffer.from(key, 'latin1')).update(Buffer.from(baseString, 'latin1')).digest('base64');
}
