/** The error codes of RFC 6749 §4.1.2.1 and §5.2, RFC 7009 §2.2.1 and OpenID Connect Core §3.1.2.6 authmock answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'login_required'
  | 'invalid_token';

/**
 * A refusal of the authorization server, as RFC 6749 words it: a code, a sentence for
 * people, and the status (400, or 401 for a client that failed to authenticate, with a
 * `Basic` challenge, §5.2). The server's dialect renders it; an authorization request's
 * refusal goes back to the client's redirect URI instead (§4.1.2.1).
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.status = code === 'invalid_client' || code === 'invalid_token' ? 401 : 400;
  }
}

export const oauthError = (code: OAuthErrorCode, description: string) => new OAuthError(code, description);
