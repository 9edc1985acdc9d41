import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TOTP as the platform's Google provider checks it (docs/commerce-integrations.md §8):
 * RFC 6238 with otphp's defaults (HMAC-SHA1, 30-second steps, 6 digits, epoch 0) and
 * otphp 11's leeway, which is in seconds, not steps.
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** twofactorauth/google/leeway in 2.4.8 */
export const DEFAULT_LEEWAY_SECONDS = 29;

export interface TotpOptions {
  /**
   * Seconds of clock drift allowed each way, 0 to 29; null checks the current step only
   * (the platform with no leeway configured). 30 or more is refused, as otphp refuses it.
   */
  leewaySeconds?: number | null;
}

/**
 * True when `code` is the code at t - leeway, t or t + leeway (t = now in whole seconds):
 * with 29 s that is the current step, plus the previous one until second 28 of the step
 * and the next one from second 1. Compared as strings, like hash_equals: no trimming.
 * No replay protection: the platform has none either.
 */
export function verifyTotp(secretBase32: string, code: string, nowMs: number, options: TotpOptions = {}): boolean {
  const leeway = options.leewaySeconds === undefined ? DEFAULT_LEEWAY_SECONDS : options.leewaySeconds;
  const key = decodeBase32(secretBase32);
  const now = Math.floor(nowMs / 1000);
  if (leeway === null) return sameCode(codeAt(key, now), code);
  const drift = Math.abs(leeway);
  if (!Number.isInteger(drift) || drift >= PERIOD_SECONDS) throw new RangeError('The leeway must be lower than the TOTP period');
  if (now - drift < 0) throw new RangeError('The timestamp must be greater than or equal to the leeway.');
  // all three computed, so the time taken does not tell which one matched
  const matches = [now - drift, now, now + drift].map((t) => sameCode(codeAt(key, t), code));
  return matches.some(Boolean);
}

/** The code an authenticator app shows at `nowMs` (for the control API). */
export function currentTotp(secretBase32: string, nowMs: number): string {
  return codeAt(decodeBase32(secretBase32), Math.floor(nowMs / 1000));
}

/** RFC 4226 HOTP of the 30-second counter at `seconds`. */
function codeAt(key: Buffer, seconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / PERIOD_SECONDS)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * RFC 4648 base32 to bytes. Trailing `=` padding is optional (the platform strips it from
 * the secrets it makes); lower case is accepted. Anything else is a broken secret.
 */
export function decodeBase32(text: string): Buffer {
  const chars = text.replace(/=+$/, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of chars) {
    const value = BASE32.indexOf(ch);
    if (value < 0) throw new TypeError('The secret is not valid base32');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
