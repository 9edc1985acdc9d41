/**
 * A PHP array of request parameters as the platform holds them: ordered, keyed by byte
 * strings, each value a string or (from `a[b]=` names) an array. The signature never
 * includes an array's contents, so an array is kept only as a marker.
 */
export interface PhpArrayValue {
  readonly kind: 'array';
}

export type PhpValue = string | PhpArrayValue;
export type PhpParams = Map<string, PhpValue>;

export const PHP_ARRAY: PhpArrayValue = Object.freeze({ kind: 'array' });

export function isPhpArray(value: PhpValue | undefined): value is PhpArrayValue {
  return typeof value === 'object';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** PHP stores a key such as "5" or "-12" (canonical, in range) as an integer. */
export function isPhpIntKey(key: string): boolean {
  if (!/^(0|-?[1-9][0-9]*)$/.test(key)) return false;
  const n = BigInt(key);
  return n >= INT64_MIN && n <= INT64_MAX;
}
