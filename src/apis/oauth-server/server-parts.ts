import type { Call } from '../../pipeline/stages.js';
import type { HandlerResult, Principal } from '../../core/types.js';
import type { TokenCodec } from '../../auth/tokens.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { AuthenticatedClient } from '../../auth/oauth2/client-auth.js';
import type { OAuthClient } from '../../auth/oauth2/parties.js';
import { acceptedIssuers, addressedUrl, issuerOf } from '../../auth/oauth2/issuer.js';
import { oauthError } from '../../auth/oauth2/oauth-error.js';
import { repeatedParam } from '../../auth/oauth2/repeated-param.js';
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
  /** their names (the codecs' keys), the audiences its tokens may name */
  apis: readonly string[];
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
  const { apis } = parts;
  const { store } = call.services;
  return {
    ns,
    now: call.ns.now(),
    issuer: `${issuerOf(url, ns)}${parts.resolver.issuerPath}`,
    // only introspection reads them: worked out when asked, not on every token
    get acceptedIssuers() {
      return acceptedIssuers(url, ns, parts.baseUrl());
    },
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

/**
 * The parameters of a POST to the token, revocation or introspection endpoint: a form body
 * (RFC 6749 §3.2, RFC 7009 §2.1, RFC 7662 §2.1), or a JSON object of strings as some servers
 * (Auth0's) also read; never the URL's query, where client credentials must not go (§2.3.1);
 * each parameter once (§3.2). Anything else is an `invalid_request`.
 */
export function postedParams(call: Call): URLSearchParams {
  const raw = call.req.rawBody;
  if (!raw?.length) {
    if (call.req.query.size > 0)
      throw oauthError('invalid_request', 'parameters go in a form body, not in the URL (RFC 6749 §3.2, §2.3.1)');
    return new URLSearchParams();
  }
  const type = mediaTypeOf(call);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') {
    throw oauthError('invalid_request', `the body must be application/x-www-form-urlencoded (RFC 6749 §3.2), not ${type || 'untyped'}`);
  }
  const form = bodyParams(raw, type);
  const repeated = repeatedParam(form);
  if (repeated) throw oauthError('invalid_request', `${repeated} is sent more than once (RFC 6749 §3.2)`);
  return form;
}

const mediaTypeOf = (call: Call) =>
  String(call.req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** The request's parameters: a form body (RFC 6749 §3.2), a JSON object of strings, or the query of a GET. */
export function formOf(call: Call): URLSearchParams {
  const raw = call.req.rawBody;
  return raw?.length ? bodyParams(raw, mediaTypeOf(call)) : new URLSearchParams(call.req.query);
}

/** A body's parameters: a JSON object's string members, else the body read as a form. */
function bodyParams(raw: Buffer, type: string): URLSearchParams {
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
    principal: principalOf(client),
    auth: { outcome: 'ok', scheme: auth.method, detail: `client ${client.clientId} of ${client.api}: ${detail}` },
  });
}

/** the caller a client is, kept per kept client (frozen: the same object while its stored record holds) */
const principals = new WeakMap<OAuthClient, Principal>();
function principalOf(client: OAuthClient): Principal {
  let principal = principals.get(client);
  if (!principal) {
    principal = {
      kind: 'user',
      userType: 'client',
      userId: client.clientId,
      subject: client.clientId,
      scopes: new Set(client.scopes),
      claims: { client_id: client.clientId },
      identity: client,
    };
    // a client made afresh for this request is never met again: nothing to keep
    if (Object.isFrozen(client)) principals.set(client, principal);
  }
  return principal;
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
