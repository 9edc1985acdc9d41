/**
 * Percent-encodes a string's UTF-8 bytes; unlike encodeURIComponent it never throws, so
 * lone surrogates go on the wire as the replacement character's bytes.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
