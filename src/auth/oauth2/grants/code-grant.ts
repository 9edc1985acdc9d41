import { hashToken } from '../../secrets.js';
import { oauthError } from '../oauth-error.js';
import { checkVerifier } from '../pkce.js';
import type { AuthenticatedClient } from '../client-auth.js';
import type { ServerContext } from '../server-context.js';
import { requireGrantType } from './scopes.js';
import { issueGrant, type TokenResponse } from './issue-tokens.js';

/** The id of the access token a code buys, and of its refresh family: known from the code alone, so a replay can revoke both. */
export const grantIdOfCode = (codeHash: string) => `code.${codeHash.slice(0, 32)}`;

/**
 * The authorization code grant's token request (RFC 6749 §4.1.3): the code is taken once
 * (a second use is refused and revokes what the first bought, §4.1.2), it must have been
 * issued to this client, for the same redirect URI, within its minute, and its PKCE
 * challenge must be met by the verifier (RFC 7636 §4.6).
 */
export async function authorizationCodeGrant(ctx: ServerContext, form: URLSearchParams, auth: AuthenticatedClient): Promise<TokenResponse> {
  const { client } = auth;
  requireGrantType(client, 'authorization_code');
  const code = form.get('code');
  if (!code) throw oauthError('invalid_request', 'code is required');
  const hash = hashToken(code);
  const taken = await ctx.store.takeCode({ ns: ctx.ns, hash, now: ctx.now });
  if (!('code' in taken)) throw oauthError('invalid_grant', taken.outcome === 'expired' ? 'the code expired' : 'the code is unknown');
  const grantId = grantIdOfCode(hash);
  if (taken.outcome === 'used') {
    await ctx.store.revokeFamily({ ns: ctx.ns, family: grantId });
    await ctx.store.revokeAccess({ ns: ctx.ns, jti: grantId, expiresAt: ctx.now + ctx.accessLifetime('user') * 1000 });
    throw oauthError(
      'invalid_grant',
      'the code was used already (a code is spent by its first exchange, even a refused one); any tokens it bought are revoked',
    );
  }
  const issued = taken.code;
  if (issued.clientId !== client.clientId || issued.api !== client.api)
    throw oauthError('invalid_grant', 'the code was issued to another client');
  const redirectUri = form.get('redirect_uri') ?? undefined;
  if (issued.redirectUri !== undefined && redirectUri !== issued.redirectUri) {
    throw oauthError('invalid_grant', 'redirect_uri must be the one of the authorization request');
  }
  checkVerifier(form.get('code_verifier') ?? undefined, issued.codeChallenge, issued.codeChallengeMethod);
  const user = await ctx.parties.user(issued.api, issued.userId);
  if (!user) throw oauthError('invalid_grant', `user ${issued.userId} is gone`);
  return await issueGrant(
    ctx,
    { client, user, scopes: issued.scopes, authTime: issued.authTime, nonce: issued.nonce, jti: grantId },
    grantId,
  );
}
