import type { SecurityScheme } from '../core/types.js';
import type { Credential } from './credentials.js';
import type { Directory, SignedRequest } from './directory.js';
import { prefixOf, type IssuedFor, type Verdict } from './verdict.js';
import { verifyIssuedToken } from './verify-issued-token.js';
import { verifyOauthRequest } from './oauth1/index.js';
import { looksLikeJwt } from './oauth2/verify-access-token.js';

/**
 * One scheme's credential checked against the directory, by the scheme's type: a token
 * this API issued (bearer, oauth2, openIdConnect, an apiKey marked as a token; for the
 * bearer ones also a JWT of the namespace's authorization server), a static
 * key (apiKey), a username and password (Basic), a signed request (OAuth 1.0a); then a
 * token must be one issued for this scheme (provesScheme). A verifier never knows which
 * API it serves.
 */
export async function verifyCredential(
  scheme: SecurityScheme,
  credential: Credential,
  directory: Directory,
  request: SignedRequest,
): Promise<Verdict> {
  return fitScheme(scheme, await checkCredential(scheme, credential, directory, request), directory);
}

/**
 * Which schemes a token proves. One that names no scheme (a built-in API's, one minted
 * where the spec has a single bearer scheme) proves any scheme that takes it. One issued
 * for a scheme proves that scheme only. One of the namespace's authorization server (or
 * minted for an oauth2 or openIdConnect scheme) proves the oauth2 and openIdConnect
 * schemes, and an http bearer scheme only where the API has neither: a spec that offers
 * `[{bearer: []}, {oauth2: [tasks:delete]}]` does not let an OAuth token skip its scopes.
 */
export function provesScheme(issuedFor: IssuedFor | undefined, scheme: SecurityScheme, oauthSchemes: boolean): boolean {
  if (issuedFor === undefined) return true;
  if (issuedFor === 'authorization-server') return scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || !oauthSchemes;
  return issuedFor.scheme === scheme.name;
}

/** A verdict as it stands for one scheme: a token issued for another is an invalid credential here. */
export function fitScheme(scheme: SecurityScheme, verdict: Verdict, directory: Directory): Verdict {
  if (verdict.outcome !== 'ok' || provesScheme(verdict.issuedFor, scheme, directory.oauthSchemes === true)) return verdict;
  const issuer = verdict.issuedFor === 'authorization-server' ? 'the authorization server' : `scheme ${verdict.issuedFor!.scheme}`;
  return {
    outcome: 'invalid',
    tokenPrefix: verdict.tokenPrefix,
    tokenId: verdict.tokenId,
    detail: `the token was issued for ${issuer}, not for ${scheme.name}`,
  };
}

/** A bearer token, which every scheme that reads it checks alike: one check serves them all (checkCredential). */
export function bearerTokenOf(scheme: SecurityScheme, credential: Credential): string | undefined {
  return credential.kind === 'token' && scheme.type !== 'apiKey' ? credential.value : undefined;
}

/** The credential checked by the scheme's type, before `fitScheme` holds it to the schemes it was issued for. */
export async function checkCredential(
  scheme: SecurityScheme,
  credential: Credential,
  directory: Directory,
  request: SignedRequest,
): Promise<Verdict> {
  switch (credential.kind) {
    case 'malformed':
      return { outcome: 'malformed', detail: credential.detail };
    case 'token':
      // a bearer may be a JWT of the namespace's authorization server, meant for this API (its audience):
      // an API that names the server in an oauth2 or openIdConnect scheme takes its tokens on an http bearer scheme too
      if (directory.jwt && scheme.type !== 'apiKey' && looksLikeJwt(credential.value)) {
        const verdict = await directory.jwt(credential.value, request.url);
        return verdict.outcome === 'ok' ? { ...verdict, issuedFor: 'authorization-server' } : verdict;
      }
      return verifyToken(credential.value, directory);
    case 'key': {
      const principal = await directory.keyHolder?.(credential.value, 'key');
      const tokenPrefix = prefixOf(credential.value);
      // a session cookie (an apiKey in a cookie) may carry a token a bound login issued
      const session =
        !principal && scheme.type === 'apiKey' && scheme.in === 'cookie' ? await verifySession(credential.value, directory) : undefined;
      if (session) return session;
      return principal
        ? { outcome: 'ok', principal, tokenPrefix }
        : { outcome: 'unknown', tokenPrefix, detail: `no API key ${tokenPrefix}… for ${scheme.name}` };
    }
    case 'password': {
      const found = await directory.passwordHolder?.(credential.username, credential.password);
      if (found === undefined || found === 'unknown') return { outcome: 'unknown', detail: `no user ${credential.username}` };
      if (found === 'wrong-password') return { outcome: 'invalid', detail: `wrong password for ${credential.username}` };
      return { outcome: 'ok', principal: found };
    }
    case 'signed':
      return verifySigned(credential.authorization, directory, request);
  }
}

/** A bearer token: one this API issued, else (where the API allows it) a static key sent as a bearer. */
async function verifyToken(token: string, directory: Directory): Promise<Verdict> {
  const issued = directory.tokens ? await verifyIssuedToken(token, directory.tokens, directory.now()) : undefined;
  if (issued?.outcome === 'ok' || issued?.outcome === 'expired' || issued?.outcome === 'no-identity') return issued;
  const holder = await directory.keyHolder?.(token, 'token');
  if (holder) return { outcome: 'ok', principal: holder, tokenPrefix: prefixOf(token) };
  return issued ?? { outcome: 'unknown', tokenPrefix: prefixOf(token) };
}

/** A token this API issued, sent as a session cookie: what its verifier found, unless it is no such token. */
async function verifySession(value: string, directory: Directory): Promise<Verdict | undefined> {
  const issued = directory.tokens ? await verifyIssuedToken(value, directory.tokens, directory.now()) : undefined;
  return issued?.outcome === 'ok' || issued?.outcome === 'expired' || issued?.outcome === 'no-identity' ? issued : undefined;
}

async function verifySigned(authorization: string, directory: Directory, request: SignedRequest): Promise<Verdict> {
  const oauth1 = directory.oauth1;
  if (!oauth1) return { outcome: 'unknown', detail: 'this API takes no signed requests' };
  // field by field: the request's URL may be a getter, which a spread would not copy
  const { method, url, contentType, body } = request;
  const verdict = await verifyOauthRequest({ method, url, contentType, body, authorization }, oauth1.deps, oauth1.options);
  if (verdict.outcome === 'not-oauth') return { outcome: 'absent' };
  if (verdict.outcome === 'refused') return { outcome: 'refused', refusal: verdict };
  const principal = await oauth1.principalOf(verdict.consumerKey);
  return principal
    ? { outcome: 'ok', principal }
    : { outcome: 'no-identity', detail: `integration of consumer ${prefixOf(verdict.consumerKey)}… is not active` };
}
