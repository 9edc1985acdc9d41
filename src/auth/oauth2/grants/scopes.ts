import { oauthError } from '../oauth-error.js';
import { isProtocolScope, type OAuthClient, type OAuthUser } from '../parties.js';

/** A `scope` parameter (RFC 6749 §3.3): space-separated, each once; undefined when absent or empty (nothing asked for). */
export function parseScope(raw: string | null): string[] | undefined {
  const scopes = [...new Set((raw ?? '').split(' ').filter(Boolean))];
  return scopes.length ? scopes : undefined;
}

/**
 * The scopes a grant may carry: what was asked for, every one of it allowed, else
 * `invalid_scope`; nothing asked for: the default (§3.3). A user's token holds what both
 * the user holds and the client may ask for; OpenID Connect's own scopes are always allowed.
 */
export function grantScopes(requested: string[] | undefined, allowed: readonly string[], fallback: readonly string[]): string[] {
  if (requested === undefined) return [...fallback];
  const refused = requested.filter((s) => !allowed.includes(s) && !isProtocolScope(s));
  if (refused.length) throw oauthError('invalid_scope', `not allowed: ${refused.join(' ')} (allowed: ${allowed.join(' ') || 'none'})`);
  return requested;
}

/** What a user may grant a client: the scopes both hold. */
export function userScopes(user: OAuthUser, client: OAuthClient): string[] {
  return user.scopes.filter((s) => client.scopes.includes(s));
}

/** The grant type must be one the client was registered for (RFC 6749 §5.2 unauthorized_client). */
export function requireGrantType(client: OAuthClient, grantType: string): void {
  if (!client.grantTypes.includes(grantType)) {
    throw oauthError(
      'unauthorized_client',
      `client ${client.clientId} may not use ${grantType} (its grant types: ${client.grantTypes.join(', ') || 'none'})`,
    );
  }
}
