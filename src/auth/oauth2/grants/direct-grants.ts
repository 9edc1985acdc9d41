import { oauthError } from '../oauth-error.js';
import type { AuthenticatedClient } from '../client-auth.js';
import type { ServerContext } from '../server-context.js';
import { grantScopes, parseScope, requireGrantType, userScopes } from './scopes.js';
import { issueGrant, type TokenResponse } from './issue-tokens.js';

/**
 * The client credentials grant (RFC 6749 §4.4): a confidential client for itself, with the
 * scopes it asks for among its own (all of them when it asks for none); no refresh token
 * (§4.4.3).
 */
export async function clientCredentialsGrant(ctx: ServerContext, form: URLSearchParams, auth: AuthenticatedClient): Promise<TokenResponse> {
  const { client } = auth;
  if (auth.method === 'none') throw oauthError('unauthorized_client', 'a public client cannot use client_credentials (RFC 6749 §4.4)');
  requireGrantType(client, 'client_credentials');
  const requested = parseScope(form.get('scope'));
  const scopes = grantScopes(requested, client.scopes, client.scopes).filter((s) => client.scopes.includes(s));
  return await issueGrant(ctx, { client, scopes });
}

/**
 * The resource owner password credentials grant (RFC 6749 §4.3): the spec's user and
 * password, checked in constant time (an unknown name costs the same as a wrong password).
 */
export async function passwordGrant(ctx: ServerContext, form: URLSearchParams, auth: AuthenticatedClient): Promise<TokenResponse> {
  const { client } = auth;
  requireGrantType(client, 'password');
  const username = form.get('username');
  const password = form.get('password');
  if (!username || password === null) throw oauthError('invalid_request', 'username and password are required');
  const user = await ctx.parties.user(client.api, username);
  const ok = ctx.parties.secrets.matches(user?.passwordDigest, password);
  if (!user || !ok) throw oauthError('invalid_grant', 'the username or password is wrong');
  const mutual = userScopes(user, client);
  const scopes = grantScopes(parseScope(form.get('scope')), mutual, mutual);
  return await issueGrant(ctx, { client, user, scopes, authTime: ctx.now });
}
