import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { isLoopback, resolveControlKey } from './control-key.js';

const random = { bytes: (n: number) => randomBytes(n) };

describe('the control key', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopback(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.4', '10.0.0.1']) expect(isLoopback(h)).toBe(false);
  });

  it('is open on loopback, generated off it, and the given one wins', () => {
    expect(resolveControlKey('127.0.0.1', undefined, random)).toEqual({ generated: false });
    const made = resolveControlKey('0.0.0.0', undefined, random);
    expect(made.generated).toBe(true);
    expect(made.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(resolveControlKey('0.0.0.0', 'mine', random)).toEqual({ key: 'mine', generated: false });
  });
});
