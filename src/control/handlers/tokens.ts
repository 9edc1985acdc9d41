import type { Call, Handler } from '../../pipeline/stages.js';
import type { ServedApi } from '../../pipeline/served-api.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { AccessRecord, TokenRecord } from '../../store/store.js';
import { issueToken } from '../../auth/tokens.js';
import { controlError } from '../control-error.js';
import { mintJwt, mintsJwt, type SpecMint } from './mint-jwt.js';
import type { IssuedFor } from '../../auth/verdict.js';
import type { SecurityScheme } from '../../core/types.js';
import { issuedForClaims } from '../../apis/spec-api/spec-directory.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** What POST /__authmock/tokens takes: a built-in's {userType, userId}, or a user spec's {user | clientId, scopes, claims}. */
interface MintInput {
  api: string;
  userType?: string;
  userId?: string | number;
  clientApp?: string;
  user?: string;
  clientId?: string;
  scopes?: string[];
  claims?: Record<string, unknown>;
  expiresIn?: number;
  tamper?: SpecMint['tamper'];
  /** a user spec's scheme the token is for */
  scheme?: string;
}

/** A revoked JWT's id is kept this long: longer than any token the control API mints. */
const JWT_REVOCATION_MS = 315_360_000_000;

/** Tokens (issued without a login, listed without their secret, revoked) and lockouts. */
export function createTokenHandlers(runtime: Runtime): Record<string, Handler> {
  const { store } = runtime.services;
  const apiNamed = (name: string) => {
    const api = runtime.apis.find((a) => a.name === name);
    if (!api) throw controlError('NOT_FOUND', `no API ${name} (known: ${runtime.apis.map((a) => a.name).join(', ')})`);
    return api;
  };
  const view = (t: TokenRecord, now: number) => ({
    id: t.id,
    api: t.api,
    userType: t.userType,
    userId: t.userId,
    ...(t.clientApp ? { clientApp: t.clientApp } : {}),
    ...(t.scopes ? { scopes: t.scopes } : {}),
    issuedAt: iso(t.issuedAt),
    expiresAt: t.expiresAt === null ? null : iso(t.expiresAt),
    expired: t.expiresAt !== null && t.expiresAt <= now,
    format: 'opaque' as const,
  });
  // a JWT the authorization server signed: its id is its jti, which DELETE /tokens/{api}/{jti} revokes
  const jwtView = (a: AccessRecord & { revoked: boolean }, now: number) => ({
    id: a.jti,
    api: a.api,
    userType: a.userType,
    userId: a.userId,
    clientApp: a.clientId,
    scopes: a.scopes,
    issuedAt: iso(a.issuedAt),
    expiresAt: iso(a.expiresAt),
    expired: a.expiresAt <= now,
    format: 'jwt' as const,
    revoked: a.revoked,
  });
  return {
    async listTokens(ctx) {
      const q = ctx.query as { api?: string; userType?: string; userId?: string };
      const now = ctx.ns.now();
      const all = await store.tokens.list({ ns: ctx.ns.name, api: q.api, userType: q.userType, userId: q.userId });
      const jwts = (await store.oauth.listAccess({ ns: ctx.ns.name, api: q.api })).filter(
        (a) => (q.userType === undefined || a.userType === q.userType) && (q.userId === undefined || a.userId === q.userId),
      );
      return { status: 200, body: [...all.map((t) => view(t, now)), ...jwts.map((a) => jwtView(a, now))] };
    },
    async issueToken(ctx) {
      const body = ctx.body as MintInput;
      const api = apiNamed(body.api);
      await runtime.namespaces.ensure(ctx.ns.name);
      const forSpec = body.user !== undefined || body.clientId !== undefined;
      if (!forSpec && body.scheme !== undefined)
        throw controlError('BAD_REQUEST', "scheme names the scheme a user spec's token is for: mint it for a user or clientId");
      const issuedFor = forSpec ? issuedForMint(api.model.schemes, api.name, body.scheme) : undefined;
      if (issuedFor === 'authorization-server' && mintsJwt(runtime, api, ctx)) return { status: 201, body: await mintJwt(ctx, api, body) };
      if (body.tamper !== undefined && body.tamper !== 'none')
        throw controlError(
          'BAD_REQUEST',
          `tamper applies to the JWT access tokens of a spec's oauth2 or openIdConnect scheme, not to ${api.name}'s tokens`,
        );
      const who = await mintedFor(ctx, api, body);
      const token = await issueToken({
        tokens: store.tokens,
        ns: ctx.ns.name,
        api: api.name,
        codec: api.tokens,
        random: runtime.services.random,
        now: ctx.ns.now(),
        lifetime: body.expiresIn ?? ctx.ns.settings.tokenLifetimes[who.userType],
        userType: who.userType,
        userId: who.userId,
        clientApp: who.clientApp,
        scopes: who.scopes,
        claims: issuedFor ? { ...body.claims, ...issuedForClaims(issuedFor) } : body.claims,
      });
      const id = api.tokens.decode(token)[0]?.id;
      return { status: 201, body: { token, id } };
    },
    async revokeTokens(ctx) {
      const q = ctx.query as { api: string; userType: string; userId: string };
      apiNamed(q.api);
      const count = await store.tokens.revokeUser({ ns: ctx.ns.name, api: q.api, userType: q.userType, userId: q.userId });
      return { status: 200, body: { count } };
    },
    async revokeToken(ctx) {
      const api = apiNamed(String(ctx.pathParams.api));
      const raw = String(ctx.pathParams.id);
      if (!/^[0-9]+$/.test(raw)) {
        // a JWT's jti: refused from now on by every verifier of the namespace
        await runtime.namespaces.ensure(ctx.ns.name);
        await store.oauth.revokeAccess({ ns: ctx.ns.name, jti: raw, expiresAt: ctx.ns.now() + JWT_REVOCATION_MS });
        return { status: 204, body: undefined };
      }
      const id = Number(raw);
      if (!(await store.tokens.revoke({ ns: ctx.ns.name, api: api.name, id })))
        throw controlError('NOT_FOUND', `no ${api.name} token with id ${id}`);
      return { status: 204, body: undefined };
    },
    async listLockouts(ctx) {
      const now = ctx.ns.now();
      const { maxFailures } = ctx.ns.settings.lockout;
      const all = await store.lockouts.list(ctx.ns.name);
      return {
        status: 200,
        body: all.map((f) => ({ ...f, locked: f.failures >= maxFailures && f.lockExpiresAt > now, lockExpiresAt: iso(f.lockExpiresAt) })),
      };
    },
    async clearLockouts(ctx) {
      await store.lockouts.clearAll(ctx.ns.name);
      return { status: 204, body: undefined };
    },
    async clearLockout(ctx) {
      const username = String(ctx.pathParams.username).toLowerCase();
      for (const f of await store.lockouts.list(ctx.ns.name)) {
        if (f.username === username)
          await store.lockouts.clear({ ns: ctx.ns.name, api: f.api, userType: f.userType, username: f.username });
      }
      return { status: 204, body: undefined };
    },
  };
}

/** Schemes whose credential is a token authmock issues. */
function takesTokens(scheme: SecurityScheme): boolean {
  if (scheme.type === 'apiKey') return scheme.verifier === 'token';
  return scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer');
}

/**
 * What a user spec's minted token is issued for (provesScheme, src/auth/verify-credential.ts):
 * the scheme named, where it takes tokens (an oauth2 or openIdConnect one: the authorization
 * server's kind, a JWT where the namespace issues those); with none named, the authorization
 * server's where the spec has such a scheme, else its one token scheme (recorded as
 * nothing: any scheme takes it, as before), and a spec with several must be told which.
 */
function issuedForMint(schemes: ReadonlyMap<string, SecurityScheme>, api: string, named: string | undefined): IssuedFor | undefined {
  const tokenSchemes = [...schemes.values()].filter(takesTokens);
  const oauth = tokenSchemes.some((s) => s.type === 'oauth2' || s.type === 'openIdConnect');
  const list = tokenSchemes.map((s) => s.name).join(', ') || 'none';
  if (named === undefined) {
    if (oauth) return 'authorization-server';
    if (tokenSchemes.length > 1) throw controlError('BAD_REQUEST', `name the scheme the token is for: ${api} has several (${list})`);
    return undefined;
  }
  const scheme = schemes.get(named);
  if (!scheme || !takesTokens(scheme))
    throw controlError('BAD_REQUEST', `${api} has no scheme ${named} that takes tokens (it has: ${list})`);
  return scheme.type === 'oauth2' || scheme.type === 'openIdConnect' ? 'authorization-server' : { scheme: named };
}

/**
 * Whom a minted token is for: a built-in API's user type and id, or a user spec's user or
 * client, with scopes that default to the identity's and may not exceed them.
 */
async function mintedFor(
  ctx: Call,
  api: ServedApi,
  body: MintInput,
): Promise<{ userType: string; userId: string; clientApp?: string; scopes?: string[] }> {
  const { store } = ctx.services;
  const ns = ctx.ns.name;
  if (body.user !== undefined || body.clientId !== undefined) {
    const kind = body.user !== undefined ? 'user' : 'client';
    const id = body.user ?? body.clientId!;
    const identity = await store.identities.get({ ns, api: api.name, kind, id });
    if (!identity) throw controlError('NOT_FOUND', `no ${api.name} ${kind} ${id}`);
    const held = (identity.data.scopes as string[] | undefined) ?? [];
    const extra = (body.scopes ?? []).filter((s) => !held.includes(s));
    if (extra.length)
      throw controlError('BAD_REQUEST', `${kind} ${id} does not hold ${extra.join(', ')} (it holds ${held.join(', ') || 'no scopes'})`);
    return { userType: kind, userId: id, scopes: body.scopes ?? held };
  }
  if (body.userType === undefined || body.userId === undefined)
    throw controlError('BAD_REQUEST', "name the token's owner: userType and userId, or user, or clientId");
  const userId = String(body.userId);
  const kind = Object.values(api.identityKinds ?? {}).find((k) => k.userType === body.userType);
  if (!kind) throw controlError('BAD_REQUEST', `the ${api.name} API issues no ${body.userType} tokens`);
  const identity = await store.identities.get({ ns, api: api.name, kind: kind.kind, id: userId });
  if (!identity) throw controlError('NOT_FOUND', `no ${api.name} ${body.userType} with id ${userId}`);
  // Tokens bound to a client app (social) take the one asked for, or the first there is.
  let clientApp = body.clientApp;
  if (clientApp === undefined && body.userType === 'social')
    clientApp = (await store.identities.list({ ns, api: api.name, kind: 'app' }))[0]?.id;
  return { userType: body.userType, userId, clientApp };
}
