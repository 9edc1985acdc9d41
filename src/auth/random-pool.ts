import { randomBytes } from 'node:crypto';
import type { RandomSource } from '../core/types.js';

/**
 * Cryptographic randomness drawn a few KiB at a time: one call into OpenSSL per ~80
 * tokens instead of one per token. Each region is handed out once and never reused.
 */
export function createRandomPool(size = 4096): RandomSource {
  let pool = randomBytes(size);
  let offset = 0;
  return {
    bytes(n: number): Buffer {
      if (n > size) return randomBytes(n);
      if (offset + n > size) {
        pool = randomBytes(size);
        offset = 0;
      }
      const out = pool.subarray(offset, offset + n);
      offset += n;
      return out;
    },
  };
}
