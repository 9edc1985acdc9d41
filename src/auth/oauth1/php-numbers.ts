/**
 * PHP 8's numeric strings, for the few places where the platform compares or casts
 * request values: `'1.0' != $version`, `(int)$timestamp` and ksort's key order.
 */

const WS = '[ \\t\\n\\r\\v\\f]*';
const NUMBER = '[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?';
const NUMERIC = new RegExp(`^${WS}${NUMBER}${WS}$`);
const LEADING_NUMBER = new RegExp(`^${WS}(${NUMBER})`);

/** is_numeric: optional whitespace around a decimal or exponent number (no hex). */
export function isNumericString(value: string): boolean {
  return NUMERIC.test(value);
}

/** (int)$value: the leading number, truncated; 0 when there is none. */
export function castToInt(value: string): number {
  const match = LEADING_NUMBER.exec(value);
  if (!match) return 0;
  return Math.trunc(Number(match[1]));
}

/** PHP 8's `$a == $b` for two strings: numerically when both are numeric, else byte for byte. */
export function looselyEqual(a: string, b: string): boolean {
  if (isNumericString(a) && isNumericString(b)) return Number(a.trim()) === Number(b.trim());
  return a === b;
}
