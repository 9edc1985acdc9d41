import type { SecurityScheme } from '../../../core/types.js';
import { readCredential } from '../../../auth/credentials.js';
import type { SpecModel } from '../../../spec/spec-model.js';
import { SpecError } from '../../../spec/spec-error.js';
import type { Call } from '../../../pipeline/stages.js';

/** A browser session: the cookie a spec's apiKey scheme in a cookie names (Overseerr's `connect.sid`), for the spec's mount. */
export interface SessionCookie {
  scheme: Extract<SecurityScheme, { type: 'apiKey' }>;
  name: string;
  path: string;
}

/** The first apiKey scheme `in: cookie` the spec declares, or undefined. */
export function findSessionCookie(model: Pick<SpecModel, 'schemes' | 'mount'>): SessionCookie | undefined {
  for (const scheme of model.schemes.values()) {
    if (scheme.type === 'apiKey' && scheme.in === 'cookie' && scheme.verifier !== 'oauth1') {
      return { scheme, name: scheme.param, path: model.mount || '/' };
    }
  }
  return undefined;
}

/** The session cookie a `token: cookie` login sets; a spec without an apiKey scheme in a cookie cannot have one. */
export function sessionCookieOf(model: Pick<SpecModel, 'schemes' | 'mount' | 'spec'>, operation: string): SessionCookie {
  const cookie = findSessionCookie(model);
  if (!cookie) {
    throw new SpecError(
      model.spec.file,
      '/components/securitySchemes',
      operation,
      'bindings.login.token is cookie, but the spec declares no apiKey security scheme with `in: cookie` to name the cookie',
    );
  }
  return cookie;
}

/** `Set-Cookie` for a session: HttpOnly (no script reads it), SameSite=Lax, for the spec's mount. */
export function setSessionCookie(cookie: SessionCookie, token: string): string {
  return `${cookie.name}=${encodeURIComponent(token)}; HttpOnly; SameSite=Lax; Path=${cookie.path}`;
}

/** `Set-Cookie` that removes the session (RFC 6265 §5.3: Max-Age=0 expires it at once). */
export function clearSessionCookie(cookie: SessionCookie): string {
  return `${cookie.name}=; HttpOnly; SameSite=Lax; Path=${cookie.path}; Max-Age=0`;
}

/** The session cookie's value in a request, or undefined. */
export function readSessionCookie(cookie: SessionCookie, call: Pick<Call, 'req'>): string | undefined {
  const credential = readCredential(cookie.scheme, { headers: call.req.headers, query: new URLSearchParams() });
  return credential?.kind === 'key' || credential?.kind === 'token' ? credential.value : undefined;
}
