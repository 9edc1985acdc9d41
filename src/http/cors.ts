import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsAllow {
  methods: readonly string[];
  headers: readonly string[];
}

/** What the mocked APIs' preflights have always allowed. */
export const MOCKED_APIS_ALLOW: CorsAllow = {
  methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  headers: ['Authorization', 'Content-Type'],
};

/**
 * The control API's: every method it serves, and the headers that prove a caller is no
 * cross-site form (src/control/cross-site.ts), for the origins listed by name only.
 */
export const CONTROL_API_ALLOW: CorsAllow = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  headers: ['Content-Type', 'X-Authmock-Client', 'X-Authmock-Key', 'X-Authmock-Namespace'],
};

/**
 * CORS for browser front ends (docs/decisions.md): a preflight is answered here, before
 * any API sees it; other requests from an allowed origin get the allow headers.
 *
 * `*` in the list (the default) lets any origin call without credentials, answered with
 * the literal `Access-Control-Allow-Origin: *`: tokens travel in the Authorization
 * header, which needs no credentials mode, and browsers refuse `*` together with
 * credentials, so no page can ride on a user's cookies or TLS client certificate. The
 * literal also needs no `Vary: Origin` and treats the opaque `null` origin (sandboxed
 * frames, file: pages) like any other, without credentials. Origins listed by name get
 * their origin reflected with `Access-Control-Allow-Credentials: true`, and Chrome's
 * private network access preflight is answered for them, so a page on a public origin
 * the user named can reach authmock on localhost. `null` is never given credentials.
 * Returns true when the request has been answered. `methods` and `headers` are what a
 * preflight allows besides the headers the browser asked for.
 */
export function createCors(origins: readonly string[], allow: CorsAllow = MOCKED_APIS_ALLOW) {
  const any = origins.includes('*');
  const methods = allow.methods.join(', ');
  const named = new Set(origins.filter((o) => o !== '*' && o !== 'null'));
  return function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (!origin) return false;
    const trusted = named.has(origin);
    if (!trusted && !any) return false;
    if (trusted) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    // The answer depends on the origin once some origins are treated differently.
    if (named.size > 0) res.setHeader('Vary', 'Origin');
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', allowHeaders(allow.headers, req.headers['access-control-request-headers']));
    if (trusted && req.headers['access-control-request-private-network'] === 'true') {
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204);
    res.end();
    return true;
  };
}

/** The given headers, then every other header the browser asked for, each once (names are case-insensitive). */
function allowHeaders(given: readonly string[], asked: string | undefined): string {
  const names = [...given];
  for (const name of (asked ?? '').split(',').map((h) => h.trim())) {
    if (name && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names.join(', ');
}
