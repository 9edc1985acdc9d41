import type { IncomingHttpHeaders } from 'node:http';
import { oauthError } from './oauth-error.js';
import { authenticateClient, type AuthenticatedClient } from './client-auth.js';
import type { ServerContext } from './server-context.js';
import { clientCredentialsGrant, passwordGrant } from './grants/direct-grants.js';
import { authorizationCodeGrant } from './grants/code-grant.js';
import { refreshTokenGrant } from './grants/refresh-grant.js';
import type { TokenResponse } from './grants/issue-tokens.js';

const GRANTS = {
  client_credentials: clientCredentialsGrant,
  password: passwordGrant,
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
} as const;

export type GrantType = keyof typeof GRANTS;

/** What a token request did, for the journal: the client that authenticated, then the grant's answer or refusal. */
export interface TokenOutcome {
  grantType: string;
  auth?: AuthenticatedClient;
  response?: TokenResponse;
}

/**
 * The token endpoint (RFC 6749 §3.2): the grant type, then the client (§2.3), then the
 * grant. `api` is the spec whose token URL was called, when it was one. `onAuthenticated`
 * hears who the client is before the grant runs, so a refused grant is still journaled
 * with its client.
 */
export async function tokenRequest(
  ctx: ServerContext,
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  api: string | undefined,
  onAuthenticated: (auth: AuthenticatedClient) => void,
): Promise<TokenResponse> {
  const grantType = form.get('grant_type');
  if (!grantType) throw oauthError('invalid_request', 'grant_type is required');
  const grant = GRANTS[grantType as GrantType] as (typeof GRANTS)[GrantType] | undefined;
  if (!grant || !Object.hasOwn(GRANTS, grantType)) {
    throw oauthError('unsupported_grant_type', `${grantType} is not a grant this server supports (${Object.keys(GRANTS).join(', ')})`);
  }
  const auth = await authenticateClient(headers, form, ctx.parties, { api: api ?? audienceOf(form) });
  onAuthenticated(auth);
  return await grant(ctx, form, auth);
}

/** RFC 8707's `resource` or the common `audience` parameter, naming the spec a token is for. */
export function audienceOf(form: URLSearchParams): string | undefined {
  return form.get('audience') ?? form.get('resource') ?? undefined;
}
