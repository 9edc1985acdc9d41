import type { SecurityScheme } from '../../core/types.js';
import type { Secret } from './credential-need.js';
import { secretKind } from './credential-need.js';

/** The credentials of one request, by where they go. */
export interface SentCredentials {
  headers: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
}

export function noCredentials(): SentCredentials {
  return { headers: {}, query: {}, cookies: {} };
}

/** Values no server issued, each readable as its kind (a Basic value that is base64 but no user:password pair). */
const MALFORMED = {
  token: 'authmock-check-malformed-token',
  key: 'authmock-check-malformed-key',
  basic: Buffer.from('authmock-check-malformed').toString('base64'),
} as const;

/** Puts a scheme's secret where the scheme says: Authorization, an API key's header, query parameter or cookie. */
export function putSecret(sent: SentCredentials, scheme: SecurityScheme, secret: Secret): void {
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    const pair = secret.kind === 'password' ? `${secret.username}:${secret.password}` : secret.value;
    sent.headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    return;
  }
  const value = secret.kind === 'password' ? secret.password : secret.value;
  if (scheme.type === 'apiKey') {
    // Okta's `Authorization: SSWS <key>`: the word the scheme's description or the identity file gives
    if (scheme.in === 'header') sent.headers[scheme.param] = scheme.prefix ? `${scheme.prefix} ${value}` : value;
    else if (scheme.in === 'query') sent.query[scheme.param] = value;
    else sent.cookies[scheme.param] = value;
    return;
  }
  sent.headers.Authorization = `Bearer ${value}`;
}

/** Puts a credential of the scheme's kind that no server issued; false for a scheme the checker cannot send. */
export function putMalformed(sent: SentCredentials, scheme: SecurityScheme): boolean {
  const kind = secretKind(scheme);
  if (kind === undefined) return false;
  if (kind === 'password') sent.headers.Authorization = `Basic ${MALFORMED.basic}`;
  else putSecret(sent, scheme, { kind, value: kind === 'token' ? MALFORMED.token : MALFORMED.key });
  return true;
}

/** The Cookie header of a request's cookies (RFC 6265 §4.2.1), or undefined when there are none. */
export function cookieHeader(cookies: Record<string, string>): string | undefined {
  const pairs = Object.entries(cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return pairs.length ? pairs.join('; ') : undefined;
}
