import { parsePhpQuery } from './parse-php-query.js';
import { isPhpArray, type PhpParams } from './php-params.js';
import { rawUrlDecode, rawUrlEncode, toByteString } from './php-url-codec.js';
import type { OauthRequest, OauthVariant } from './oauth-request.js';
import { splitRequestUrl } from './split-request-url.js';

export type CollectedParams =
  | { kind: 'not-oauth' }
  | { kind: 'params'; params: PhpParams }
  /** 2.4.8 rawurlencodes every value; an array (form field `a[]=`) makes PHP throw a TypeError */
  | { kind: 'array-in-form'; name: string };

/**
 * The parameter list Magento\Framework\Oauth\Helper\Request::prepareRequest builds
 * (docs/commerce-integrations.md §2): the header's oauth_* pairs, the form body, the
 * query's non-oauth pairs. No `oauth ` in the header, or nothing collected, means the
 * request is not an OAuth request at all and the caller tries the next user context.
 */
export function collectOauthParams(request: OauthRequest, variant: OauthVariant): CollectedParams {
  const params = readHeader(request.authorization === undefined ? '' : toByteString(request.authorization));
  if (!params) return { kind: 'not-oauth' };

  if (request.body !== undefined && request.contentType?.startsWith('application/x-www-form-urlencoded')) {
    const fromHeader = params.size > 0;
    const body = typeof request.body === 'string' ? toByteString(request.body) : request.body.toString('latin1');
    for (const [name, value] of parsePhpQuery(body)) {
      // body oauth_* only count when the header brought none
      if (!isProtocolParameter(name) || !fromHeader) params.set(name, value);
    }
  }

  const query = splitRequestUrl(toByteString(request.url)).query;
  // split by hand: `a`, `a=b=c` are dropped, names and values rawurldecoded (a `+` stays)
  for (const pair of query ? query.split('&') : []) {
    const parts = pair.split('=');
    if (parts.length === 2 && !isProtocolParameter(parts[0])) params.set(rawUrlDecode(parts[0]), rawUrlDecode(parts[1]));
  }
  // The code meant to take oauth_* from the query gets a string where it wants an array: it never adds any.

  if (params.size === 0) return { kind: 'not-oauth' };
  return variant === '2.4.8' ? encodeValues(params) : { kind: 'params', params };
}

/**
 * _processHeader: everything up to the first `oauth ` (any case) is dropped, the rest
 * split on `,`, each piece on its first `=`; names matching oauth_[a-z_-]+ anywhere are
 * kept, name and value rawurldecoded, quotes trimmed from the value.
 */
function readHeader(header: string): PhpParams | undefined {
  const at = header.toLowerCase().indexOf('oauth ');
  if (header === '' || at < 0) return undefined;
  const params: PhpParams = new Map();
  for (const piece of header.slice(at + 6).split(',')) {
    const trimmed = trimPhp(piece);
    const eq = trimmed.indexOf('=');
    if (eq < 0) continue;
    const name = trimmed.slice(0, eq);
    if (isProtocolParameter(name)) params.set(rawUrlDecode(name), rawUrlDecode(trimmed.slice(eq + 1).replace(/^"+|"+$/g, '')));
  }
  return params;
}

function isProtocolParameter(name: string): boolean {
  return /oauth_[a-z_-]+/.test(name);
}

/** PHP's trim(): spaces, tabs, newlines, NUL and vertical tabs. */
function trimPhp(value: string): string {
  return value.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** 2.4.8: every value but oauth_signature is rawurlencoded before validation. */
function encodeValues(params: PhpParams): CollectedParams {
  const encoded: PhpParams = new Map();
  for (const [name, value] of params) {
    if (isPhpArray(value)) return { kind: 'array-in-form', name };
    encoded.set(name, name === 'oauth_signature' ? value : rawUrlEncode(value));
  }
  return { kind: 'params', params: encoded };
}
