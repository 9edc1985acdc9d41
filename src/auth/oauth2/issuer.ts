import type { RequestInput } from '../../core/types.js';
import { NAMESPACE_PATH_PREFIX } from '../../core/namespace-path.js';
import { composeRequestUrl } from '../oauth1/index.js';
import { ISSUER_PATH } from './metadata.js';

/** The URL as the client addressed it: the scheme it used (behind a proxy, X-Forwarded-Proto), its Host, the target as sent. */
export function addressedUrl(req: Pick<RequestInput, 'headers' | 'target' | 'path' | 'query'>): string {
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  const query = req.query.toString();
  const target = req.target ?? (query ? `${req.path}?${query}` : req.path);
  return composeRequestUrl({ secure: proto === 'https', host: req.headers.host ?? 'localhost', target });
}

/**
 * The issuer of a namespace's authorization server, as a client reached it: the origin it
 * used, plus `/__ns/<name>` when it addressed the namespace by path (OpenID Connect
 * Discovery §4.3 and RFC 8414 §3.3: the issuer a client discovers is the one every token
 * carries). A namespace chosen by header shares the origin's issuer; its keys still differ.
 */
export function issuerOf(url: string, ns: string): string {
  // the common case without a URL parser: scheme://host, then the path
  const fast = /^(https?:\/\/[^/?#]+)([^?#]*)/.exec(url);
  if (fast) {
    const prefix = `${NAMESPACE_PATH_PREFIX}${ns}`;
    const path = fast[2];
    return `${fast[1].toLowerCase()}${path === prefix || path.startsWith(`${prefix}/`) ? prefix : ''}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'http://localhost';
  }
  const prefix = `${NAMESPACE_PATH_PREFIX}${ns}`;
  const path = parsed.pathname;
  const addressed = path === prefix || path.startsWith(`${prefix}/`);
  return `${parsed.protocol}//${parsed.host}${addressed ? prefix : ''}`;
}

/**
 * The issuers a token of this namespace may carry: the one the request addressed, and the
 * server's own address's, each also with the issuer path the server takes where a spec
 * declares the well-known paths (ISSUER_PATH).
 */
export function acceptedIssuers(url: string, ns: string, serverUrl: string | undefined): string[] {
  const own = issuerOf(url, ns);
  const prefix = `${NAMESPACE_PATH_PREFIX}${ns}`;
  const other = serverUrl ? `${serverUrl.replace(/\/$/, '')}${own.endsWith(prefix) ? prefix : ''}` : own;
  const bases = other === own ? [own] : [own, other];
  return [...bases, ...bases.map((b) => `${b}${ISSUER_PATH}`)];
}
