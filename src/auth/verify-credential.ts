import type { SecurityScheme } from '../core/types.js';
import type { Credential } from './credentials.js';
import type { Directory, SignedRequest } from './directory.js';
import { prefixOf, type Verdict } from './verdict.js';
import { verifyIssuedToken } from './verify-issued-token.js';
import { verifyOauthRequest } from './oauth1/index.js';
import { looksLikeJwt } from './oauth2/verify-access-token.js';

/**
 * One scheme's credential checked against the directory, by the scheme's type: a token
 * this API issued (bearer, oauth2, openIdConnect, an apiKey marked as a token; for the
 * bearer ones also a JWT of the namespace's authorization server), a static
 * key (apiKey), a username and password (Basic), a signed request (OAuth 1.0a). A
 * verifier never knows which API it serves.
 */
export async function verifyCredential(
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
        return directory.jwt(credential.value, request.url);
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
