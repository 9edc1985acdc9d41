import { hashToken } from '../../secrets.js';
import { oauthError } from '../oauth-error.js';
import type { AuthenticatedClient } from '../client-auth.js';
import type { OAuthUser } from '../parties.js';
import type { ServerContext } from '../server-context.js';
import { grantScopes, parseScope, requireGrantType } from './scopes.js';
import { issueAccess, newRefresh, tokenResponse, type Issue, type TokenResponse } from './issue-tokens.js';

const REFUSED = {
  unknown: 'the refresh token is unknown',
  expired: 'the refresh token expired',
  revoked: 'the refresh token was revoked',
  reused: 'the refresh token was used already: every token of its grant is revoked now',
  'other-client': 'the refresh token was issued to another client',
} as const;

/**
 * The refresh grant (RFC 6749 §6) with rotation (RFC 9700 §4.14.2): a current refresh token
 * of this client buys an access token (the same scopes, or fewer) and the next refresh
 * token of its family; it is used up. Presenting a used one revokes the whole family,
 * access tokens included: whoever holds it, thief or client, is stopped.
 */
export async function refreshTokenGrant(ctx: ServerContext, form: URLSearchParams, auth: AuthenticatedClient): Promise<TokenResponse> {
  const { client } = auth;
  requireGrantType(client, 'refresh_token');
  const presented = form.get('refresh_token');
  if (!presented) throw oauthError('invalid_request', 'refresh_token is required');
  const hash = hashToken(presented);
  const found = await ctx.store.findRefresh({ ns: ctx.ns, hash });
  if (!found) throw oauthError('invalid_grant', REFUSED.unknown);
  const previous = found.token;
  if (previous.clientId !== client.clientId || previous.api !== client.api) throw oauthError('invalid_grant', REFUSED['other-client']);
  let user: OAuthUser | undefined;
  if (previous.userType === 'user') {
    user = await ctx.parties.user(previous.api, previous.userId);
    if (!user) throw oauthError('invalid_grant', `user ${previous.userId} is gone`);
  }
  const scopes = grantScopes(parseScope(form.get('scope')), previous.scopes, previous.scopes);
  const issue: Issue = { client, user, scopes, authTime: previous.authTime };
  const access = await issueAccess(ctx, issue);
  // the family keeps the scopes it was granted; a narrower request narrows only this access token
  const next = newRefresh(ctx, { ...issue, scopes: previous.scopes }, access, previous.family);
  const used = await ctx.store.useRefresh({
    ns: ctx.ns,
    hash,
    clientId: client.clientId,
    now: ctx.now,
    next: { hash: next.hash, token: next.record },
  });
  if (used.outcome !== 'rotated') {
    // the access token signed for it was never handed out; revoked all the same
    await ctx.store.revokeAccess({ ns: ctx.ns, jti: access.jti, expiresAt: access.expiresAt });
    throw oauthError('invalid_grant', REFUSED[used.outcome]);
  }
  return await tokenResponse(ctx, issue, access, next.token);
}
