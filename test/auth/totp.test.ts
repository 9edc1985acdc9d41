import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { currentTotp, decodeBase32, verifyTotp } from '../../src/auth/totp.js';

/** The default admin's secret (issue #12). */
const SECRET = 'JBSWY3DPEHPK3PXP';
/** A step boundary: 2026-11-23T12:00:00Z is a multiple of 30 s. */
const STEP_START = Date.UTC(2026, 10, 23, 12, 0, 0);

/** The code an authenticator app (here the independent otpauth library) shows at `ms`. */
function appCode(ms: number, secret = SECRET): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });
}

describe('currentTotp', () => {
  it('shows what an authenticator app shows at the same moment', () => {
    for (const offset of [0, 1_000, 29_999, 30_000, 86_400_000]) {
      expect(currentTotp(SECRET, STEP_START + offset)).toBe(appCode(STEP_START + offset));
    }
  });

  it('matches the RFC 6238 SHA-1 test vectors (last six digits)', () => {
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect([59, 1111111109, 1234567890, 2000000000].map((s) => currentTotp(rfcSecret, s * 1000))).toEqual([
      '287082',
      '081804',
      '005924',
      '279037',
    ]);
  });
});

describe('verifyTotp with the 2.4.8 leeway of 29 seconds', () => {
  const previous = appCode(STEP_START - 30_000);
  const current = appCode(STEP_START);
  const next = appCode(STEP_START + 30_000);
  const twoAhead = appCode(STEP_START + 60_000);
  const at = (second: number, code: string) => verifyTotp(SECRET, code, STEP_START + second * 1000);

  it('accepts the current code at every second of its step', () => {
    for (let second = 0; second < 30; second++) expect(at(second, current), `second ${second}`).toBe(true);
  });

  it('accepts the previous code up to second 28 of the step and refuses it at second 29', () => {
    expect(at(0, previous)).toBe(true);
    expect(at(28, previous)).toBe(true);
    expect(at(28.999, previous)).toBe(true);
    expect(at(29, previous)).toBe(false);
  });

  it('refuses the next code at second 0 of the step and accepts it from second 1', () => {
    expect(at(0, next)).toBe(false);
    expect(at(0.999, next)).toBe(false);
    expect(at(1, next)).toBe(true);
    expect(at(29, next)).toBe(true);
  });

  it('never accepts a code two steps away', () => {
    for (const second of [0, 1, 15, 29]) expect(at(second, twoAhead)).toBe(false);
    expect(at(29, appCode(STEP_START - 60_000))).toBe(false);
  });

  it('compares the code as given: no trimming, no number conversion', () => {
    expect(at(10, ` ${current}`)).toBe(false);
    expect(at(10, `${current}0`)).toBe(false);
    expect(at(10, '')).toBe(false);
  });

  it('accepts the same code again within its window (the platform keeps no replay list)', () => {
    expect(at(5, current)).toBe(true);
    expect(at(6, current)).toBe(true);
  });
});

describe('verifyTotp leeway options', () => {
  const current = appCode(STEP_START);
  const next = appCode(STEP_START + 30_000);

  it('checks only the current step when no leeway is configured', () => {
    expect(verifyTotp(SECRET, current, STEP_START + 29_000, { leewaySeconds: null })).toBe(true);
    expect(verifyTotp(SECRET, next, STEP_START + 29_000, { leewaySeconds: null })).toBe(false);
  });

  it('takes a leeway in seconds: 1 s accepts the next code only in the last second of a step', () => {
    expect(verifyTotp(SECRET, next, STEP_START + 28_000, { leewaySeconds: 1 })).toBe(false);
    expect(verifyTotp(SECRET, next, STEP_START + 29_000, { leewaySeconds: 1 })).toBe(true);
  });

  it('refuses a leeway of a whole period or more, as otphp does', () => {
    expect(() => verifyTotp(SECRET, current, STEP_START, { leewaySeconds: 30 })).toThrow('The leeway must be lower than the TOTP period');
  });

  it('throws on a secret that is not base32', () => {
    expect(() => verifyTotp('NOT-BASE32!', current, STEP_START)).toThrow('not valid base32');
  });
});

describe('decodeBase32', () => {
  it('decodes with or without padding and in either case', () => {
    expect(decodeBase32('JBSWY3DPEHPK3PXP').toString('latin1')).toBe('Hello!\xde\xad\xbe\xef');
    expect(decodeBase32('MZXW6===').toString()).toBe('foo');
    expect(decodeBase32('mzxw6').toString()).toBe('foo');
  });
});
