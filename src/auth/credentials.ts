import type { IncomingHttpHeaders } from 'node:http';
import type { SecurityScheme } from '../core/types.js';

/** A credential as a request carries it for one scheme. */
export type Credential =
  | { kind: 'key'; value: string }
  | { kind: 'token'; value: string }
  | { kind: 'password'; username: string; password: string }
  | { kind: 'signed'; authorization: string }
  /** something is there but cannot be read for this scheme (a Basic header that is not base64 `user:password`) */
  | { kind: 'malformed'; detail: string };

/** Where a request's credentials are: its headers, query and, once decoded, its body. */
export interface CredentialSource {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  /** the decoded body, for a scheme whose token may come as a body field */
  body?: unknown;
}

/**
 * The credential one scheme reads from a request, or undefined when the request carries
 * none for it. The Authorization header's scheme is compared case-insensitively (RFC 7235
 * §2.1); an apiKey header's name too (RFC 9110 §5.1).
 */
export function readCredential(scheme: SecurityScheme, source: CredentialSource): Credential | undefined {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'basic'
        ? readBasic(source.headers.authorization)
        : readBearerCredential(source, scheme.bodyField, scheme.params);
    case 'oauth2':
    case 'openIdConnect':
      return readBearerCredential(source, undefined, scheme.params);
    case 'apiKey': {
      const value = readApiKey(scheme, source);
      if (value === undefined) return undefined;
      if (scheme.prefix) return readPrefixed(scheme.prefix, value);
      if (scheme.verifier === 'oauth1') return /^oauth\s/i.test(value) ? { kind: 'signed', authorization: value } : undefined;
      return { kind: scheme.verifier === 'token' ? 'token' : 'key', value };
    }
    case 'unsupported':
      return undefined;
  }
}

/** `Authorization: Bearer <token>`: exactly two parts, scheme case-insensitive. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}

/**
 * A bearer token from the Authorization header, else from the parameters that carry it: a
 * body field, a query parameter or form field the spec declares (Slack's `token`).
 */
function readBearerCredential(
  source: CredentialSource,
  bodyField: string | undefined,
  params: readonly string[] = [],
): Credential | undefined {
  const token = readBearer(source.headers.authorization);
  if (token) return { kind: 'token', value: token };
  const body = source.body as Record<string, unknown> | undefined;
  for (const field of bodyField ? [bodyField, ...params] : params) {
    const value = body && typeof body === 'object' ? body[field] : undefined;
    if (typeof value === 'string' && value) return { kind: 'token', value };
  }
  for (const param of params) {
    const value = source.query.get(param);
    if (value) return { kind: 'token', value };
  }
  return undefined;
}

/** `<word> <key>` (Okta's `SSWS <key>`), the word compared case-insensitively (RFC 7235 §2.1). */
function readPrefixed(prefix: string, value: string): Credential {
  const m = /^(\S+)\s+(\S+)$/.exec(value);
  if (!m || m[1].toLowerCase() !== prefix.toLowerCase()) return { kind: 'malformed', detail: `the key must come as ${prefix} <key>` };
  return { kind: 'key', value: m[2] };
}

/** `Authorization: Basic base64(user:password)` (RFC 7617); the password may be empty (Stripe's keys). */
function readBasic(header: string | undefined): Credential | undefined {
  if (!header) return undefined;
  const m = /^\s*basic\s+(\S*)\s*$/i.exec(header);
  if (!m) return undefined;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(m[1])) return { kind: 'malformed', detail: 'Basic credentials are not base64' };
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { kind: 'malformed', detail: 'Basic credentials are not user:password' };
  return { kind: 'password', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function readApiKey(scheme: Extract<SecurityScheme, { type: 'apiKey' }>, source: CredentialSource): string | undefined {
  if (scheme.in === 'query') return source.query.get(scheme.param) || undefined;
  if (scheme.in === 'header') {
    const value = source.headers[scheme.param.toLowerCase()];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? text.trim() || undefined : undefined;
  }
  return readCookie(source.headers.cookie, scheme.param);
}

/** One cookie's value from the Cookie header (RFC 6265 §5.4), percent-decoded where it can be. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return raw || undefined;
    }
  }
  return undefined;
}
