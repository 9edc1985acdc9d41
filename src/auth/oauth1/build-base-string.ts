import { compareNatural } from './compare-natural.js';
import { comparePhpKeys } from './compare-php-keys.js';
import { normalizeBaseUrl } from './normalize-base-url.js';
import type { OauthVariant } from './oauth-request.js';
import { parsePhpQuery } from './parse-php-query.js';
import { isPhpArray, isPhpIntKey, type PhpParams } from './php-params.js';
import { rawUrlEncode } from './php-url-codec.js';
import { splitRequestUrl } from './split-request-url.js';

export type BaseStringResult =
  | { ok: true; baseString: string }
  /** a PHP TypeError on the platform, which answers 500 */
  | { ok: false; detail: string };

/**
 * The signature base string: METHOD & enc(base URL) & enc(normalised parameters)
 * (docs/commerce-integrations.md §4). `params` is the list the platform collected
 * (collectOauthParams) with the values it signs; `url` is the URL as addressed.
 */
export function buildBaseString(method: string, url: string, params: PhpParams, variant: OauthVariant): BaseStringResult {
  const pairs = variant === '2.4.8' ? normalizeParams248(url, params) : normalizeParamsLaminas(params);
  if (!Array.isArray(pairs)) return { ok: false, detail: pairs.detail };
  const baseUrl = normalizeBaseUrl(url, variant);
  return { ok: true, baseString: `${upperAscii(method)}&${rawUrlEncode(baseUrl)}&${rawUrlEncode(pairs.join('&'))}` };
}

/**
 * 2.4.8 (Helper/Signature/Hmac): the URL's query parse_str'ed over the list (the query
 * wins), `a` dropped where `a[...]` keys exist, arrays skipped, ksort on the raw names,
 * then each pair rawurlencoded. Hmac.php declares strict_types, so an integer key (a
 * parameter named `5`) reaches str_contains() as an int: a TypeError.
 */
function normalizeParams248(url: string, params: PhpParams): string[] | { detail: string } {
  const query = splitRequestUrl(url).query;
  const merged: PhpParams = new Map(params);
  if (query !== undefined) for (const [name, value] of parsePhpQuery(query)) merged.set(name, value);

  const intKey = [...merged.keys()].find(isPhpIntKey);
  if (intKey !== undefined) {
    return { detail: 'str_contains(): Argument #1 ($haystack) must be of type string, int given' };
  }
  for (const name of [...merged.keys()]) {
    const bracket = name.indexOf('[');
    if (bracket >= 0 && name.includes(']') && isPhpArray(merged.get(name.slice(0, bracket)))) {
      merged.delete(name.slice(0, bracket));
    }
  }
  const names = [...merged.keys()].filter((name) => name !== 'oauth_signature').sort(comparePhpKeys);
  const pairs: string[] = [];
  for (const name of names) {
    const value = merged.get(name);
    // an array survives only under a name without `[`, which isValidValue() refuses
    if (typeof value === 'string') pairs.push(`${rawUrlEncode(name)}=${rawUrlEncode(value)}`);
  }
  return pairs;
}

/**
 * 2.4.4 to 2.4.7 (Zend/Laminas AbstractSignature): names and values rawurlencoded, then
 * sorted with strnatcmp on the encoded names; the query reaches the list only through
 * the request helper. An array value (form field `a[]=`) fails rawurlencode on PHP 8.
 */
function normalizeParamsLaminas(params: PhpParams): string[] | { detail: string } {
  const encoded: Array<[string, string]> = [];
  for (const [name, value] of params) {
    if (isPhpArray(value)) return { detail: 'rawurlencode(): Argument #1 ($string) must be of type string, array given' };
    if (name !== 'oauth_signature') encoded.push([rawUrlEncode(name), rawUrlEncode(value)]);
  }
  return encoded.sort(([a], [b]) => compareNatural(a, b)).map(([name, value]) => `${name}=${value}`);
}

/** strtoupper: ASCII letters only, as PHP 8 does. */
function upperAscii(value: string): string {
  return value.replace(/[a-z]+/g, (run) => run.toUpperCase());
}
