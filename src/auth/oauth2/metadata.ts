/** Where a namespace's authorization server answers, below its issuer. */
export const SERVER_PATHS = {
  authorize: '/__oauth/authorize',
  token: '/__oauth/token',
  revoke: '/__oauth/revoke',
  introspect: '/__oauth/introspect',
  userinfo: '/__oauth/userinfo',
  jwks: '/__oauth/jwks',
} as const;

/**
 * The path an issuer takes where a served spec declares the well-known paths itself:
 * `<origin>/__oauth`, whose metadata is at `/__oauth/.well-known/openid-configuration`
 * (OpenID Connect Discovery §4) and `/.well-known/oauth-authorization-server/__oauth`
 * (RFC 8414 §3.1); its endpoints stay where they are, below it.
 */
export const ISSUER_PATH = '/__oauth';

export interface ServedScopes {
  /** every scope the specs name */
  scopes: readonly string[];
  /** some spec declares the implicit flow */
  implicit: boolean;
  allowPlainPkce: boolean;
}

/**
 * The server's metadata: RFC 8414 §2 and OpenID Connect Discovery §3 describe the same
 * document, so both well-known paths serve it. Every endpoint is below the issuer, so a
 * namespace's metadata points to the namespace's endpoints.
 */
export function serverMetadata(issuer: string, served: ServedScopes): Record<string, unknown> {
  // an issuer with ISSUER_PATH has its endpoints below it already: /__oauth/token
  const root = issuer.endsWith(ISSUER_PATH) ? issuer.slice(0, -ISSUER_PATH.length) : issuer;
  const at = (path: string) => `${root}${path}`;
  const clientAuth = ['client_secret_basic', 'client_secret_post'];
  return {
    issuer,
    authorization_endpoint: at(SERVER_PATHS.authorize),
    token_endpoint: at(SERVER_PATHS.token),
    jwks_uri: at(SERVER_PATHS.jwks),
    userinfo_endpoint: at(SERVER_PATHS.userinfo),
    revocation_endpoint: at(SERVER_PATHS.revoke),
    introspection_endpoint: at(SERVER_PATHS.introspect),
    scopes_supported: [...new Set(['openid', 'profile', 'email', 'offline_access', ...served.scopes])],
    response_types_supported: served.implicit ? ['code', 'token'] : ['code'],
    response_modes_supported: served.implicit ? ['query', 'fragment'] : ['query'],
    grant_types_supported: [
      'authorization_code',
      'client_credentials',
      'password',
      'refresh_token',
      ...(served.implicit ? ['implicit'] : []),
    ],
    token_endpoint_auth_methods_supported: [...clientAuth, 'none'],
    revocation_endpoint_auth_methods_supported: [...clientAuth, 'none'],
    introspection_endpoint_auth_methods_supported: clientAuth,
    code_challenge_methods_supported: served.allowPlainPkce ? ['S256', 'plain'] : ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256', 'ES256'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'preferred_username', 'email', 'name'],
    authorization_response_iss_parameter_supported: true,
  };
}
