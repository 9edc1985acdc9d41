import { urlDecode } from './php-url-codec.js';
import { PHP_ARRAY, type PhpParams } from './php-params.js';

/**
 * PHP's parse_str on a byte string, as the platform applies it to form bodies and (2.4.8)
 * to the request URL's query: pieces split on `&` (empty ones skipped), `+` is a space,
 * a later name wins, and names are mangled as PHP registers variables.
 */
export function parsePhpQuery(query: string): PhpParams {
  const params: PhpParams = new Map();
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = urlDecode(eq < 0 ? piece : piece.slice(0, eq));
    const value = eq < 0 ? '' : urlDecode(piece.slice(eq + 1));
    registerVariable(params, name, value);
  }
  return params;
}

/**
 * php_register_variable_ex, reduced to what the signature can see: the top-level name
 * and whether it holds a string or an array. Leading spaces go, spaces and dots before
 * the first `[` become `_`, `a[...]` makes `a` an array, and a `[` with no `]` after it
 * becomes `_` (with spaces, dots and `[` after it).
 */
function registerVariable(params: PhpParams, rawName: string, value: string): void {
  const name = rawName.split('\0')[0].replace(/^ +/, '');
  const bracket = name.indexOf('[');
  const base = (bracket < 0 ? name : name.slice(0, bracket)).replace(/[ .]/g, '_');
  if (base === '') return;
  if (bracket < 0) {
    params.set(base, value);
    return;
  }
  const indexStart = name[bracket + 1] === ' ' ? bracket + 2 : bracket + 1;
  if (name[indexStart] === ']' || name.indexOf(']', indexStart) >= 0) {
    params.set(base, PHP_ARRAY);
    return;
  }
  params.set(base + '_' + name.slice(bracket + 1).replace(/[ .[]/g, '_'), value);
}
