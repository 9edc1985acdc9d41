import { hashToken, sameHash } from '../secrets.js';
import { verifyAccessToken } from './verify-access-token.js';
import type { ServerContext } from './server-context.js';
import { grantJtiOf } from './grants/issue-tokens.js';

/** What the server knows of a token it issued, whatever its kind; `active` as RFC 7662 §2.2 means it. */
export interface TokenFacts {
  kind: 'access' | 'refresh';
  active: boolean;
  api: string;
  clientId: string;
  /** the user, for a user's token */
  username?: string;
  sub: string;
  scopes: string[];
  /** epoch seconds */
  exp: number;
  iat: number;
  jti?: string;
  /** makes it unusable from now on (RFC 7009) */
  revoke(): Promise<void>;
}

/**
 * Reads a token handed to introspection, revocation or userinfo: a refresh token, an opaque
 * access token or a JWT one. Anything else (another namespace's, another server's, garbage)
 * is undefined; an expired or revoked one is known but not active.
 */
export async function inspectToken(ctx: ServerContext, token: string): Promise<TokenFacts | undefined> {
  if (token.length > 8192) return undefined;
  if (token.startsWith('amr_')) return refreshFacts(ctx, token);
  if (token.startsWith('amk_')) return opaqueFacts(ctx, token);
  const check = await verifyAccessToken(token, {
    ring: ctx.ring,
    store: { isRevoked: async () => false },
    ns: ctx.ns,
    issuers: ctx.acceptedIssuers,
    audience: ctx.apis,
    // expiry and revocation are judged below, so an expired or revoked token is still known
    now: 0,
  });
  if (!check.ok) return undefined;
  const c = check.claims;
  const exp = Number(c.exp);
  const active = exp * 1000 > ctx.now && !(await ctx.store.isRevoked({ ns: ctx.ns, jti: c.jti }));
  const api = String(Array.isArray(c.aud) ? c.aud[0] : c.aud);
  return {
    kind: 'access',
    active,
    api,
    clientId: c.client_id,
    ...(c.sub !== c.client_id || c.auth_time !== undefined ? { username: c.sub } : {}),
    sub: c.sub,
    scopes: check.scopes,
    exp,
    iat: Number(c.iat),
    jti: c.jti,
    revoke: () => ctx.store.revokeAccess({ ns: ctx.ns, jti: c.jti, expiresAt: exp * 1000 }),
  };
}

async function refreshFacts(ctx: ServerContext, token: string): Promise<TokenFacts | undefined> {
  const found = await ctx.store.findRefresh({ ns: ctx.ns, hash: hashToken(token) });
  if (!found) return undefined;
  const t = found.token;
  return {
    kind: 'refresh',
    active: found.state === 'current' && t.expiresAt > ctx.now,
    api: t.api,
    clientId: t.clientId,
    ...(t.userType === 'user' ? { username: t.userId } : {}),
    sub: t.userId,
    scopes: t.scopes,
    exp: Math.floor(t.expiresAt / 1000),
    iat: Math.floor(t.issuedAt / 1000),
    revoke: async () => void (await ctx.store.revokeFamily({ ns: ctx.ns, family: t.family })),
  };
}

async function opaqueFacts(ctx: ServerContext, token: string): Promise<TokenFacts | undefined> {
  for (const api of ctx.apis) {
    const codec = ctx.codecOf(api);
    for (const parts of codec?.decode(token) ?? []) {
      const record = await ctx.tokens.find({ ns: ctx.ns, api, id: parts.id });
      if (!record || !sameHash(record.verifierHash, hashToken(parts.verifier))) continue;
      const clientId = typeof record.claims?.client_id === 'string' ? record.claims.client_id : record.userId;
      const jti = grantJtiOf(record, parts.id);
      const revoked = jti !== undefined && (await ctx.store.isRevoked({ ns: ctx.ns, jti }));
      return {
        kind: 'access',
        active: !revoked && (record.expiresAt === null || record.expiresAt > ctx.now),
        api,
        clientId,
        ...(record.userType === 'user' ? { username: record.userId } : {}),
        sub: record.userId,
        scopes: record.scopes ?? [],
        exp: record.expiresAt === null ? 0 : Math.floor(record.expiresAt / 1000),
        iat: Math.floor(record.issuedAt / 1000),
        revoke: async () => void (await ctx.tokens.revoke({ ns: ctx.ns, api, id: parts.id })),
      };
    }
  }
  return undefined;
}
