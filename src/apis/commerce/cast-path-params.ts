import type { Routed } from '../../pipeline/stages.js';
import { commerceError } from './error-codes.js';

// PHP's is_numeric: optional surrounding white space, a sign, digits with an optional
// fraction or a fraction alone, an optional exponent. No hex, no Infinity, not empty.
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/**
 * The platform's type conversion of integer path parameters: a value PHP calls numeric
 * is cast with (int) (so "1.5" reads customer 1), anything else is a type error. JSON
 * Schema coercion alone would read "0x10" as 16 and refuse "1.5".
 */
export function castCommercePathParams<R extends Routed>(routed: R): R {
  const types = routed.op.pathParams?.types;
  if (!types) return routed;
  const pathParams: Record<string, string> = { ...routed.pathParams };
  for (const [name, value] of Object.entries(pathParams)) {
    if (types[name] !== 'integer') continue;
    if (!PHP_NUMERIC.test(value)) throw commerceError('INVALID_TYPE', { value, type: 'int' });
    pathParams[name] = String(Math.trunc(Number(value)));
  }
  return { ...routed, pathParams };
}
