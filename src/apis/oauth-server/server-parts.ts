import type { Call } from '../../pipeline/stages.js';
import type { HandlerResult } from '../../core/types.js';
import type { TokenCodec } from '../../auth/tokens.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { AuthenticatedClient } from '../../auth/oauth2/client-auth.js';
import { acceptedIssuers, addressedUrl, issuerOf } from '../../auth/oauth2/issuer.js';
import { DEFAULT_ACCESS_LIFETIME_SECONDS, oauthPolicy, type ServerContext } from '../../auth/oauth2/server-context.js';
import type { PathResolver } from './resolve-path.js';
import { createParties } from './server-parties.js';

/** What every handler of the server shares, built once per runtime. */
export interface ServerParts {
  /** the server's own name (the journal's api) */
  name: string;
  resolver: PathResolver;
  /** the specs it serves, by name: their opaque token formats */
  codecs: ReadonlyMap<string, TokenCodec>;
  /** each spec's users in the order its identity file lists them */
  userOrder: ReadonlyMap<string, readonly string[]>;
  implicitApis: ReadonlySet<string>;
  /** every scope the specs name */
  scopes: readonly string[];
  secrets: SecretDigester;
  baseUrl(): string;
}

/** The protocol's view of one request: the namespace's clock, the issuer the client addressed, the settings, the parties. */
export function contextOf(call: Call, parts: ServerParts): ServerContext {
  const ns = call.ns.name;
  const url = addressedUrl(call.req);
  const apis = [...parts.codecs.keys()];
  const { store } = call.services;
  return {
    ns,
    now: call.ns.now(),
    issuer: issuerOf(url, ns),
    acceptedIssuers: acceptedIssuers(url, ns, parts.baseUrl()),
    apis,
    policy: oauthPolicy(call.ns.settings.oauth),
    ring: call.services.keyRing,
    store: store.oauth,
    tokens: store.tokens,
    codecOf: (api) => parts.codecs.get(api),
    random: call.services.random,
    parties: createParties(store, ns, apis, parts.secrets, parts.userOrder),
    accessLifetime: (userType) => call.ns.settings.tokenLifetimes[userType] ?? DEFAULT_ACCESS_LIFETIME_SECONDS,
    implicitApis: parts.implicitApis,
  };
}

/** The request's parameters: a form body (RFC 6749 §3.2), a JSON object of strings, or the query of a GET. */
export function formOf(call: Call): URLSearchParams {
  const raw = call.req.rawBody;
  if (!raw?.length) return new URLSearchParams(call.req.query);
  const type = String(call.req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type === 'application/json') {
    try {
      const obj = JSON.parse(raw.toString('utf8')) as unknown;
      if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
        return new URLSearchParams(Object.entries(obj).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
      }
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(raw.toString('utf8'));
}

/** The journal's view of a request to the server: the client that authenticated and what came of it. */
export function noteClient(call: Call, auth: AuthenticatedClient | undefined, detail: string, refused = false): void {
  if (!auth) return call.note({ auth: { outcome: refused ? 'invalid' : 'none', detail } });
  const { client } = auth;
  call.note({
    principal: {
      kind: 'user',
      userType: 'client',
      userId: client.clientId,
      scopes: new Set(client.scopes),
      claims: { client_id: client.clientId },
      identity: client,
    },
    auth: { outcome: 'ok', scheme: auth.method, detail: `client ${client.clientId} of ${client.api}: ${detail}` },
  });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HandlerResult {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body };
}

export function redirect(location: string): HandlerResult {
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' }, body: undefined };
}

/** The login and error pages: no script, no request of their own, never framed. */
export function page(status: number, html: string): HandlerResult {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    },
    body: html,
  };
}
