import { hashToken } from '../../secrets.js';
import { issueToken } from '../../tokens.js';
import type { RefreshToken, TokenRecord } from '../../../store/store.js';
import { accessRecordOf, newTokenId, signAccessToken, type AccessTokenGrant } from '../access-token.js';
import { signIdToken } from '../id-token.js';
import type { OAuthClient, OAuthUser } from '../parties.js';
import { REFRESH_LIFETIME_SECONDS, type ServerContext } from '../server-context.js';

/** A token response (RFC 6749 §5.1; OpenID Connect Core §3.1.3.3 adds id_token). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

export interface Issue {
  client: OAuthClient;
  /** absent: the client acts for itself (client_credentials) */
  user?: OAuthUser;
  scopes: readonly string[];
  authTime?: number;
  nonce?: string;
  /** a fixed token id (an authorization code's access token, so a replayed code can revoke it) */
  jti?: string;
}

export interface IssuedAccess {
  token: string;
  jti: string;
  expiresAt: number;
  lifetime: number;
}

const opaqueJti = (id: number) => `opaque:${id}`;

/**
 * The revocation id of an opaque access token the authorization server issued (its grant's,
 * else one made of its row id); undefined for any other token of the spec's format.
 */
export function grantJtiOf(record: TokenRecord, id: number): string | undefined {
  if (typeof record.claims?.client_id !== 'string') return undefined;
  return typeof record.claims.jti === 'string' ? record.claims.jti : opaqueJti(id);
}

/** The access token of a grant: a JWT (RFC 9068) or, where the namespace asks for it, the spec's opaque `amk_` token. */
export async function issueAccess(ctx: ServerContext, issue: Issue): Promise<IssuedAccess> {
  const { client, user } = issue;
  const userType = user ? 'user' : 'client';
  const lifetime = ctx.accessLifetime(userType);
  const codec = ctx.policy.accessTokenFormat === 'opaque' ? ctx.codecOf(client.api) : undefined;
  if (codec) {
    const token = await issueToken({
      tokens: ctx.tokens,
      ns: ctx.ns,
      api: client.api,
      codec,
      random: ctx.random,
      now: ctx.now,
      lifetime,
      userType,
      userId: user?.username ?? client.clientId,
      scopes: issue.scopes,
      // the grant's id (a code's), so a replayed code or a reused refresh token revokes it as it revokes a JWT
      claims: { client_id: client.clientId, ...(issue.jti ? { jti: issue.jti } : {}) },
    });
    const id = codec.decode(token)[0].id;
    return { token, jti: issue.jti ?? opaqueJti(id), expiresAt: ctx.now + lifetime * 1000, lifetime };
  }
  const grant: AccessTokenGrant = {
    ns: ctx.ns,
    alg: ctx.policy.signingAlg,
    issuer: ctx.issuer,
    audience: client.api,
    subject: user?.username ?? client.clientId,
    clientId: client.clientId,
    scopes: issue.scopes,
    claims: user ? { ...user.claims } : undefined,
    authTime: issue.authTime,
    jti: issue.jti,
    now: ctx.now,
    lifetimeSeconds: lifetime,
  };
  const signed = await signAccessToken(ctx.ring, ctx.random, grant);
  // the JWT itself is not kept: a record of it, so the control API and the inspector can list it
  await ctx.store.recordAccess({ ns: ctx.ns, access: accessRecordOf(grant, signed, userType) });
  return { token: signed.token, jti: signed.jti, expiresAt: signed.expiresAt, lifetime };
}

/** A new refresh token of `family` (its value is returned once; the store keeps its hash). */
export function newRefresh(ctx: ServerContext, issue: Issue, access: IssuedAccess, family: string) {
  const token = `amr_${ctx.random.bytes(32).toString('base64url')}`;
  const record: RefreshToken = {
    api: issue.client.api,
    clientId: issue.client.clientId,
    userType: issue.user ? 'user' : 'client',
    userId: issue.user?.username ?? issue.client.clientId,
    scopes: [...issue.scopes],
    family,
    issuedAt: ctx.now,
    expiresAt: ctx.now + REFRESH_LIFETIME_SECONDS * 1000,
    ...(issue.authTime !== undefined ? { authTime: issue.authTime } : {}),
    accessJti: access.jti,
    accessExpiresAt: access.expiresAt,
  };
  return { token, hash: hashToken(token), record };
}

/** The body of a token response, with an ID token where `openid` was granted to a user. */
export async function tokenResponse(ctx: ServerContext, issue: Issue, access: IssuedAccess, refresh?: string): Promise<TokenResponse> {
  const idToken =
    issue.user && issue.scopes.includes('openid')
      ? await signIdToken(ctx, {
          user: issue.user,
          clientId: issue.client.clientId,
          nonce: issue.nonce,
          authTime: issue.authTime ?? ctx.now,
          accessToken: access.token,
        })
      : undefined;
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.lifetime,
    scope: issue.scopes.join(' '),
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(idToken ? { id_token: idToken } : {}),
  };
}

/** Access, refresh (when the client may refresh) and ID tokens of a new grant, its refresh family begun. */
export async function issueGrant(ctx: ServerContext, issue: Issue, family = newTokenId(ctx.random)): Promise<TokenResponse> {
  const access = await issueAccess(ctx, issue);
  if (!issue.user || !issue.client.grantTypes.includes('refresh_token')) return await tokenResponse(ctx, issue, access);
  const refresh = newRefresh(ctx, issue, access, family);
  await ctx.store.saveRefresh({ ns: ctx.ns, hash: refresh.hash, token: refresh.record });
  return await tokenResponse(ctx, issue, access, refresh.token);
}
