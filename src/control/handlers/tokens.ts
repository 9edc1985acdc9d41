import type { Handler } from '../../pipeline/context.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { TokenRecord } from '../../store/store.js';
import { issueToken } from '../../auth/issue-token.js';
import { controlError } from '../control-error.js';

const iso = (ms: number) => new Date(ms).toISOString();

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
    issuedAt: iso(t.issuedAt),
    expiresAt: t.expiresAt === null ? null : iso(t.expiresAt),
    expired: t.expiresAt !== null && t.expiresAt <= now,
  });
  return {
    async listTokens(ctx) {
      const q = ctx.query as { api?: string; userType?: string; userId?: string };
      const now = ctx.ns.now();
      const all = await store.tokens.list({ ns: ctx.ns.name, api: q.api, userType: q.userType, userId: q.userId });
      return { status: 200, body: all.map((t) => view(t, now)) };
    },
    async issueToken(ctx) {
      const body = ctx.body as { api: string; userType: string; userId: string | number; clientApp?: string };
      const api = apiNamed(body.api);
      const userId = String(body.userId);
      const kind = Object.values(api.identityKinds ?? {}).find((k) => k.userType === body.userType);
      if (!kind) throw controlError('BAD_REQUEST', `the ${api.name} API issues no ${body.userType} tokens`);
      await runtime.namespaces.ensure(ctx.ns.name);
      const identity = await store.identities.get({ ns: ctx.ns.name, api: api.name, kind: kind.kind, id: userId });
      if (!identity) throw controlError('NOT_FOUND', `no ${api.name} ${body.userType} with id ${userId}`);
      // Tokens bound to a client app (social) take the one asked for, or the first there is.
      let clientApp = body.clientApp;
      if (clientApp === undefined && body.userType === 'social')
        clientApp = (await store.identities.list({ ns: ctx.ns.name, api: api.name, kind: 'app' }))[0]?.id;
      const token = await issueToken({
        tokens: store.tokens,
        ns: ctx.ns.name,
        api: api.name,
        codec: api.tokens,
        random: runtime.services.random,
        now: ctx.ns.now(),
        lifetime: ctx.ns.settings.tokenLifetimes[body.userType],
        userType: body.userType,
        userId,
        clientApp,
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
      const id = Number(ctx.pathParams.id);
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
