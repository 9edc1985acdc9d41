import { isNumericString } from './php-numbers.js';

/**
 * ksort's order (PHP 8, SORT_REGULAR) for the keys of a parameter array: two numeric keys
 * by value, anything else byte for byte. 2.4.8 sorts the raw keys this way before
 * encoding them, which for ordinary names is plain byte order.
 */
export function comparePhpKeys(a: string, b: string): number {
  if (isNumericString(a) && isNumericString(b)) {
    const x = Number(a.trim());
    const y = Number(b.trim());
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Buffer.compare(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));
}
