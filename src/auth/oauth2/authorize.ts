import { hashToken } from '../secrets.js';
import { oauthError, OAuthError } from './oauth-error.js';
import { isProtocolScope, type OAuthClient, type OAuthUser } from './parties.js';
import { readChallenge, type ChallengeMethod } from './pkce.js';
import { CODE_LIFETIME_SECONDS, type ServerContext } from './server-context.js';
import { grantScopes, parseScope } from './grants/scopes.js';
import { repeatedParam } from './repeated-param.js';
import { issueAccess } from './grants/issue-tokens.js';

/** An authorization request (RFC 6749 §4.1.1, §4.2.1; OpenID Connect Core §3.1.2.1) that passed its checks. */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  /** the request named its redirect URI: the token request must repeat it (§4.1.3) */
  redirectNamed: boolean;
  responseType: 'code' | 'token';
  scopes: string[];
  state?: string;
  nonce?: string;
  challenge?: { codeChallenge: string; codeChallengeMethod: ChallengeMethod };
  loginHint?: string;
  /** the request's own parameters, carried through the login page unchanged */
  params: URLSearchParams;
}

/**
 * What an authorization request comes to: a request to show the login page for; a
 * refusal shown here, because the client or its redirect URI cannot be trusted with it
 * (§4.1.2.1: never redirected); or a refusal sent back to the client's redirect URI.
 */
export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizationRequest }
  | { kind: 'page-error'; error: OAuthError }
  | { kind: 'redirect'; location: string; error: OAuthError };

/** Reads and checks an authorization request; `api` is the spec whose authorization URL was called, when it was one. */
export async function readAuthorizationRequest(ctx: ServerContext, params: URLSearchParams, api?: string): Promise<AuthorizeCheck> {
  const repeated = repeatedParam(params);
  // a second client_id or redirect_uri leaves no URI to trust with the error (§4.1.2.1)
  if (repeated === 'client_id' || repeated === 'redirect_uri') return pageError(`${repeated} is sent more than once`);
  const clientId = params.get('client_id');
  if (!clientId) return pageError('client_id is required');
  const named = params.get('redirect_uri') ?? undefined;
  const all = (await ctx.parties.clients(clientId)).filter((c) => !api || c.api === api);
  const client = all.find((c) => named === undefined || c.redirectUris.includes(named)) ?? all[0];
  if (!client) return pageError(`client ${clientId} is unknown`);
  // exact string comparison (RFC 9700 §4.1.3): no prefixes, no patterns
  if (named !== undefined && !client.redirectUris.includes(named))
    return pageError(`redirect_uri ${named} is not registered for ${clientId}`);
  if (named === undefined && client.redirectUris.length !== 1) {
    return pageError(`redirect_uri is required: ${clientId} has ${client.redirectUris.length} registered`);
  }
  const redirectUri = named ?? client.redirectUris[0];
  const state = params.get('state') ?? undefined;
  const responseType = params.get('response_type');
  const fragment = responseType === 'token';
  try {
    if (repeated) throw oauthError('invalid_request', `${repeated} is sent more than once (RFC 6749 §3.1)`);
    checkResponseType(ctx, client, responseType);
    const requested = parseScope(params.get('scope'));
    const scopes = grantScopes(requested, client.scopes, client.scopes);
    const challenge =
      responseType === 'code'
        ? readChallenge(params, { required: client.secretDigest === undefined, allowPlain: ctx.policy.allowPlainPkce })
        : undefined;
    return {
      kind: 'ok',
      request: {
        client,
        redirectUri,
        redirectNamed: named !== undefined,
        responseType: responseType as 'code' | 'token',
        scopes,
        ...(state !== undefined ? { state } : {}),
        ...(params.get('nonce') !== null ? { nonce: params.get('nonce')! } : {}),
        ...(challenge ? { challenge } : {}),
        ...(params.get('login_hint') ? { loginHint: params.get('login_hint')! } : {}),
        params,
      },
    };
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    return { kind: 'redirect', error: err, location: redirectTo(ctx, redirectUri, fragment, errorParams(err, state)) };
  }
}

function checkResponseType(ctx: ServerContext, client: OAuthClient, responseType: string | null): void {
  if (!responseType) throw oauthError('invalid_request', 'response_type is required');
  if (responseType === 'code') {
    if (!client.grantTypes.includes('authorization_code'))
      throw oauthError('unauthorized_client', `client ${client.clientId} may not use authorization_code`);
    return;
  }
  if (responseType === 'token' && ctx.implicitApis.has(client.api)) {
    if (!client.grantTypes.includes('implicit'))
      throw oauthError('unauthorized_client', `client ${client.clientId} may not use the implicit grant`);
    return;
  }
  throw oauthError('unsupported_response_type', `response_type ${responseType} is not served for ${client.api}`);
}

/** The scopes a user grants: those asked for that the user holds (OpenID Connect's own always), all it holds of the client's when none were asked for. */
export function consentedScopes(request: AuthorizationRequest, user: OAuthUser): string[] {
  return request.scopes.filter((s) => isProtocolScope(s) || user.scopes.includes(s));
}

/**
 * The user approved: a code (single-use, a minute long, bound to the client, the redirect
 * URI, the PKCE challenge and the nonce) or, for the implicit grant, the access token in
 * the fragment (§4.2.2). Answers where to send the browser.
 */
export async function approve(ctx: ServerContext, request: AuthorizationRequest, user: OAuthUser): Promise<string> {
  const scopes = consentedScopes(request, user);
  const { client, state } = request;
  if (request.responseType === 'token') {
    const access = await issueAccess(ctx, { client, user, scopes, authTime: ctx.now });
    const params = { access_token: access.token, token_type: 'Bearer', expires_in: String(access.lifetime), scope: scopes.join(' ') };
    return redirectTo(ctx, request.redirectUri, true, { ...params, ...(state !== undefined ? { state } : {}) });
  }
  const code = ctx.random.bytes(32).toString('base64url');
  await ctx.store.saveCode({
    ns: ctx.ns,
    hash: hashToken(code),
    code: {
      api: client.api,
      clientId: client.clientId,
      userId: user.username,
      ...(request.redirectNamed ? { redirectUri: request.redirectUri } : {}),
      scopes,
      ...(request.challenge ?? {}),
      ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
      authTime: ctx.now,
      expiresAt: ctx.now + CODE_LIFETIME_SECONDS * 1000,
    },
  });
  return redirectTo(ctx, request.redirectUri, false, { code, ...(state !== undefined ? { state } : {}) });
}

/** The user said no (§4.1.2.1 access_denied), or could not be signed in without a page (OpenID Connect's login_required). */
export function refuse(ctx: ServerContext, request: AuthorizationRequest, error: OAuthError): string {
  return redirectTo(ctx, request.redirectUri, request.responseType === 'token', errorParams(error, request.state));
}

function errorParams(error: OAuthError, state: string | undefined): Record<string, string> {
  return { error: error.code, error_description: error.description, ...(state !== undefined ? { state } : {}) };
}

/** The redirect URI with the answer in its query (kept with any query it has, §3.1.2) or its fragment, and `iss` (RFC 9207). */
function redirectTo(ctx: ServerContext, redirectUri: string, fragment: boolean, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  const all = { ...params, iss: ctx.issuer };
  if (fragment) url.hash = new URLSearchParams(all).toString();
  else for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return url.toString();
}

function pageError(description: string): AuthorizeCheck {
  return { kind: 'page-error', error: oauthError('invalid_request', description) };
}
