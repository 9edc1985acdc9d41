/**
 * PHP's URL codecs, on byte strings (one char per byte, 0-255): the platform works on
 * bytes, and a signature over UTF-8 text must match it byte for byte.
 */

/** Text as the bytes of its UTF-8 encoding, one char per byte. */
export function toByteString(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** A byte string back to text (for messages and lookups). */
export function fromByteString(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const UNRESERVED = /[A-Za-z0-9_.~-]/;

/** rawurlencode: every byte but A-Z a-z 0-9 - _ . ~ as %XX (RFC 3986). */
export function rawUrlEncode(bytes: string): string {
  let out = '';
  for (const ch of bytes) {
    if (UNRESERVED.test(ch)) out += ch;
    else out += '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** rawurldecode: %XX to its byte; a `+` stays a `+`. */
export function rawUrlDecode(bytes: string): string {
  return bytes.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** urldecode: as rawurldecode, and a `+` is a space (form and query encoding). */
export function urlDecode(bytes: string): string {
  return bytes.replace(/\+|%([0-9A-Fa-f]{2})/g, (m, hex?: string) => (hex === undefined ? ' ' : String.fromCharCode(parseInt(hex, 16))));
}
