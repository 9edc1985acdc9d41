import type { OauthVariant } from './oauth-request.js';
import { rawUrlEncode } from './php-url-codec.js';
import { splitRequestUrl } from './split-request-url.js';

/**
 * The base string URI of each release (docs/commerce-integrations.md §4.2). 2.4.8 keeps
 * the URL as the client addressed it (no lower-casing, no default-port stripping, the
 * path still percent-encoded); the older signers normalise it first.
 */
export function normalizeBaseUrl(url: string, variant: OauthVariant): string {
  const { scheme, host, port, path } = splitRequestUrl(url);
  if (variant === '2.4.8') return `${scheme}://${host}${port === undefined ? '' : ':' + port}${path}`;

  const lowerScheme = scheme.toLowerCase();
  const defaultPort = lowerScheme === 'http' ? 80 : lowerScheme === 'https' ? 443 : undefined;
  const keptPort = port === undefined || port === defaultPort ? '' : ':' + port;
  const normalPath = variant === '2.4.6' ? normalizeLaminasPath(path) : path;
  return `${lowerScheme}://${host.toLowerCase()}${keptPort}${normalPath === '' ? '/' : normalPath}`;
}

// Laminas\Uri: unreserved characters and these sub-delimiters may stand unencoded in a path
const PATH_SAFE = /[a-zA-Z0-9_\-.~:@&=+$,/;%]/;
const PATH_UNSAFE_RUN = /[^a-zA-Z0-9_\-.~:@&=+$,/;%]+|%(?![A-Fa-f0-9]{2})/g;

/**
 * Laminas\Uri\Uri::normalizePath (2.4.6 to 2.4.7): dot segments removed, escapes of
 * path-safe characters decoded (so `%2F` becomes `/`), other escapes upper-cased, then
 * whatever a path may not hold encoded again.
 */
function normalizeLaminasPath(path: string): string {
  const decoded = removeDotSegments(path).replace(/%[A-Fa-f0-9]{2}/g, (escape) => {
    const ch = String.fromCharCode(parseInt(escape.slice(1), 16));
    return PATH_SAFE.test(ch) ? ch : escape.toUpperCase();
  });
  return decoded.replace(PATH_UNSAFE_RUN, (run) => rawUrlEncode(run));
}

/** RFC 3986 §5.2.4, as Laminas implements it. */
function removeDotSegments(path: string): string {
  let input = path;
  let output = '';
  while (input !== '') {
    if (input === '.' || input === '..') break;
    if (input === '/.') input = '/';
    else if (input === '/..' || input.startsWith('/../')) {
      input = '/' + input.slice(input === '/..' ? 3 : 4);
      const slash = output.lastIndexOf('/');
      if (slash >= 0) output = output.slice(0, slash);
    } else if (input.startsWith('/./')) input = input.slice(2);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('../')) input = input.slice(3);
    else {
      const slash = input.indexOf('/', 1);
      const segment = slash < 0 ? input : input.slice(0, slash);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}
