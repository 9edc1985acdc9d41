import type { Directory } from '../../auth/directory.js';
import type { IssuedFor, UserPrincipal } from '../../auth/verdict.js';
import { createJwtCheck } from './jwt-principal.js';
import type { TokenCodec } from '../../auth/tokens.js';
import { grantJtiOf } from '../../auth/oauth2/grants/issue-tokens.js';
import type { TokenRecord } from '../../store/store.js';
import type { NamespaceView, Services } from '../../pipeline/stages.js';
import { keyDigest, specIdentities, type SpecClient, type SpecUser } from './spec-identities.js';

/**
 * The claim of a token record that says what the token was issued for (a scheme's name,
 * or SERVER_ISSUED): a login or the control API writes it, the verifiers read it
 * (provesScheme), and it is no claim of the caller.
 */
export const SCHEME_CLAIM = 'authmock:issued-for';
/** SCHEME_CLAIM's value for a token of the authorization server's kind (no scheme name begins with `#`) */
const SERVER_ISSUED = '#authorization-server';

/** The claims that record what a token is issued for, to merge into its record's claims. */
export function issuedForClaims(issuedFor: IssuedFor | undefined): Record<string, string> {
  if (issuedFor === undefined) return {};
  return { [SCHEME_CLAIM]: issuedFor === 'authorization-server' ? SERVER_ISSUED : issuedFor.scheme };
}

/**
 * What a stored token was issued for: what its record says, else the authorization
 * server's for an opaque token of a grant (it names its client), else nothing.
 */
export function issuedForRecord(record: TokenRecord): IssuedFor | undefined {
  const named = record.claims?.[SCHEME_CLAIM];
  if (typeof named === 'string') return named === SERVER_ISSUED ? 'authorization-server' : { scheme: named };
  return typeof record.claims?.client_id === 'string' ? 'authorization-server' : undefined;
}

/** A record's claims as the caller's: without the one that says what the token is for. */
function callerClaims(claims: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!claims || !(SCHEME_CLAIM in claims)) return claims;
  const { [SCHEME_CLAIM]: _issuedFor, ...rest } = claims;
  return rest;
}

/** A user as a caller: its scopes (a token's own, where it was minted with fewer) and its claims. */
export function userPrincipal(
  user: SpecUser,
  scopes: readonly string[] = user.scopes,
  tokenId?: number,
  extra: Record<string, unknown> = {},
): UserPrincipal {
  return {
    kind: 'user',
    userType: 'user',
    userId: user.username,
    subject: user.username,
    ...(tokenId !== undefined ? { tokenId } : {}),
    scopes: new Set(scopes),
    claims: { ...user.claims, ...extra, username: user.username, sub: user.username },
    identity: user,
  };
}

export function clientPrincipal(client: SpecClient, scopes: readonly string[] = client.scopes, tokenId?: number): UserPrincipal {
  return {
    kind: 'user',
    userType: 'client',
    userId: client.clientId,
    subject: client.clientId,
    ...(tokenId !== undefined ? { tokenId } : {}),
    scopes: new Set(scopes),
    claims: { client_id: client.clientId, sub: client.clientId },
    identity: client,
  };
}

/** How a spec's directory checks the JWTs of the namespace's authorization server (for its oauth2 and openIdConnect schemes). */
export interface JwtAccess {
  /** where the server is reached, known once it listens: its issuer is accepted too */
  baseUrl(): string;
}

/**
 * What a user spec's verifiers look up: the tokens it issued (a user's or a client's, with
 * the scopes they were issued with), its API keys (a key of a user acts as that user with
 * the key's scopes), its users' passwords (Basic) and, where it has oauth2 or
 * openIdConnect schemes, the authorization server's JWT access tokens meant for it
 * (`jwtAccess` is given exactly when the spec has such a scheme).
 */
export function createSpecDirectory(api: string, codec: TokenCodec, jwtAccess?: JwtAccess) {
  const jwtFor =
    jwtAccess &&
    createJwtCheck(api, jwtAccess.baseUrl, {
      client: (client, scopes) => clientPrincipal(client, scopes),
      user: (user, scopes, claims) => userPrincipal(user, scopes, undefined, claims),
    });
  return (ns: NamespaceView, services: Services): Directory => {
    const ids = specIdentities(services.store, ns.name, api);
    const principalOf = async (record: TokenRecord): Promise<UserPrincipal | undefined> => {
      if (record.userType === 'client') {
        const client = await ids.client(record.userId);
        return client && clientPrincipal(client, record.scopes ?? client.scopes, record.id);
      }
      const user = await ids.user(record.userId);
      return user && userPrincipal(user, record.scopes ?? user.scopes, record.id, callerClaims(record.claims));
    };
    const jwt = jwtFor?.(ns, services);
    return {
      now: () => ns.now(),
      oauthSchemes: jwtAccess !== undefined,
      ...(jwt ? { jwt } : {}),
      tokens: {
        codec,
        async find(id) {
          const record = await services.store.tokens.find({ ns: ns.name, api, id });
          // an opaque token of the authorization server is revoked with its grant (a replayed code, a reused refresh token)
          const jti = record && grantJtiOf(record, id);
          return jti && (await services.store.oauth.isRevoked({ ns: ns.name, jti })) ? undefined : record;
        },
        principalOf,
        issuedFor: issuedForRecord,
      },
      async keyHolder(value, sentAs) {
        if (sentAs !== 'key') return undefined;
        const key = await ids.apiKey(keyDigest(services.secrets, value));
        if (!key) return undefined;
        if (!key.user)
          return {
            kind: 'user',
            userType: 'apiKey',
            userId: key.id,
            subject: `key:${key.id}`,
            scopes: new Set(key.scopes),
            claims: {},
            identity: key,
          };
        const owner = await ids.user(key.user);
        return owner && userPrincipal(owner, key.scopes);
      },
      async passwordHolder(username, password) {
        const user = await ids.user(username);
        // an unknown name still costs a comparison, so both answers take the same time
        const ok = services.secrets.matches(user?.passwordDigest, password);
        if (!user) return 'unknown';
        return ok ? userPrincipal(user) : 'wrong-password';
      },
    };
  };
}
