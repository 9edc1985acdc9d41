import type { IncomingHttpHeaders } from 'node:http';
import { readBearer } from '../credentials.js';
import { oauthError } from './oauth-error.js';
import { authenticateClient, type AuthenticatedClient } from './client-auth.js';
import { inspectToken } from './inspect-token.js';
import { userClaims } from './id-token.js';
import type { ServerContext } from './server-context.js';

/**
 * Revocation (RFC 7009 §2): the client authenticates (a public one names itself), then a
 * token it was issued is made unusable: an access token until it would have expired, a
 * refresh token with its whole family. An unknown or invalid token is answered 200 as
 * well (§2.2), since a client can do nothing about it.
 */
export async function revokeRequest(
  ctx: ServerContext,
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  onAuthenticated: (auth: AuthenticatedClient) => void,
): Promise<void> {
  const auth = await authenticateClient(headers, form, ctx.parties);
  onAuthenticated(auth);
  const token = form.get('token');
  if (!token) throw oauthError('invalid_request', 'token is required');
  const facts = await inspectToken(ctx, token);
  if (!facts) return;
  if (facts.clientId !== auth.client.clientId || facts.api !== auth.client.api) {
    throw oauthError('invalid_grant', 'the token was issued to another client');
  }
  await facts.revoke();
}

/**
 * Introspection (RFC 7662): only a client that proves itself with a secret may ask (§2.1),
 * and the answer fails closed: an expired, revoked, foreign or unreadable token is just
 * `{"active": false}` (§2.2), with nothing more said.
 */
export async function introspectRequest(
  ctx: ServerContext,
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  onAuthenticated: (auth: AuthenticatedClient) => void,
): Promise<Record<string, unknown>> {
  const auth = await authenticateClient(headers, form, ctx.parties, { confidentialOnly: true });
  onAuthenticated(auth);
  const token = form.get('token');
  if (!token) throw oauthError('invalid_request', 'token is required');
  const facts = await inspectToken(ctx, token);
  if (!facts?.active) return { active: false };
  return {
    active: true,
    scope: facts.scopes.join(' '),
    client_id: facts.clientId,
    ...(facts.username !== undefined ? { username: facts.username } : {}),
    token_type: facts.kind === 'refresh' ? 'refresh_token' : 'Bearer',
    ...(facts.exp ? { exp: facts.exp } : {}),
    iat: facts.iat,
    sub: facts.sub,
    aud: facts.api,
    iss: ctx.issuer,
    ...(facts.jti ? { jti: facts.jti } : {}),
  };
}

/** A refusal of the userinfo endpoint, as a resource server words it (RFC 6750 §3.1). */
export class BearerRefusal extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly error: 'invalid_token' | 'insufficient_scope' | undefined,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * UserInfo (OpenID Connect Core §5.3): the user's claims for an access token that was
 * granted `openid`, sent as a bearer (RFC 6750 §2.1) or, in a form POST, as `access_token`.
 */
export async function userinfoRequest(
  ctx: ServerContext,
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
): Promise<Record<string, unknown>> {
  const token = readBearer(headers.authorization) ?? form.get('access_token') ?? undefined;
  if (!token) throw new BearerRefusal(401, undefined, 'an access token is required');
  const facts = await inspectToken(ctx, token);
  if (!facts || facts.kind !== 'access') throw new BearerRefusal(401, 'invalid_token', 'the access token is unknown');
  if (!facts.active) throw new BearerRefusal(401, 'invalid_token', 'the access token expired or was revoked');
  if (!facts.scopes.includes('openid') || facts.username === undefined) {
    throw new BearerRefusal(403, 'insufficient_scope', 'the access token was not granted openid for a user');
  }
  const user = await ctx.parties.user(facts.api, facts.username);
  if (!user) throw new BearerRefusal(401, 'invalid_token', 'the access token belongs to no user');
  return userClaims(user);
}
