import type { Handler } from '../../pipeline/stages.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { SigningAlg, SigningKey } from '../../store/store.js';
import { isPublished } from '../../auth/oauth2/key-ring.js';
import { oauthPolicy } from '../../auth/oauth2/server-context.js';
import { oauthApis } from '../../apis/oauth-server/index.js';
import { controlError } from '../control-error.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The signing keys of the namespace's authorization server: listed with their state, rotated on request. */
export function createKeyHandlers(runtime: Runtime): Record<string, Handler> {
  const { keyRing } = runtime.services;
  const view = (k: SigningKey, now: number) => ({
    kid: k.kid,
    alg: k.alg,
    state: k.state === 'active' ? 'active' : isPublished(k, now) ? 'retired' : 'expired',
    createdAt: iso(k.createdAt),
    ...(k.retiredAt !== undefined ? { retiredAt: iso(k.retiredAt), publishedUntil: iso(k.retiredAt + k.longestLifetimeMs) } : {}),
  });
  return {
    async listKeys(ctx) {
      await runtime.namespaces.ensure(ctx.ns.name);
      const now = ctx.ns.now();
      return { status: 200, body: (await keyRing.list(ctx.ns.name)).map((k) => view(k, now)) };
    },
    async rotateKey(ctx) {
      if (oauthApis(runtime.apis).length === 0)
        throw controlError('NOT_FOUND', 'no served spec has an oauth2 or openIdConnect scheme: there is no authorization server');
      await runtime.namespaces.ensure(ctx.ns.name);
      const alg = (ctx.body as { alg?: SigningAlg } | undefined)?.alg ?? oauthPolicy(ctx.ns.settings.oauth).signingAlg;
      const key = await keyRing.rotate(ctx.ns.name, alg, ctx.ns.now());
      return { status: 201, body: { kid: key.kid } };
    },
  };
}
