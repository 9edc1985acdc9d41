import type { Call as Ctx, Handler } from '../../pipeline/stages.js';
import type { ServedApi, IdentityKind, IdentityTools } from '../../pipeline/served-api.js';
import { IdentityInputError } from '../../pipeline/served-api.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { Identity } from '../../store/store.js';
import { controlError } from '../control-error.js';

interface Target {
  api: ServedApi;
  kind: IdentityKind;
  name: string;
}

/**
 * Identities of every API module, by `/__authmock/identities/{api}/{kind}`, and the
 * shortcuts the issue names (`/__authmock/commerce/customers`, ...). What a kind takes
 * and shows is the module's (`identityKinds`).
 */
export function createIdentityHandlers(runtime: Runtime): Record<string, Handler> {
  const { store } = runtime.services;
  const target = (apiName: string, kindName: string): Target => {
    const api = runtime.apis.find((a) => a.name === apiName);
    const kind = api?.identityKinds?.[kindName];
    if (!api || !kind) {
      const known = runtime.apis.flatMap((a) => Object.keys(a.identityKinds ?? {}).map((k) => `${a.name}/${k}`));
      throw controlError('NOT_FOUND', `no identities ${apiName}/${kindName} (known: ${known.join(', ')})`);
    }
    return { api, kind, name: `${apiName} ${kindName}` };
  };
  const fromPath = (ctx: Ctx) => target(String(ctx.pathParams.api), String(ctx.pathParams.kind));
  /** where the target's identities live in the request's namespace */
  const kindIn = (ctx: Ctx, t: Target) => ({ ns: ctx.ns.name, api: t.api.name, kind: t.kind.kind });
  const tools = (ctx: Ctx, t: Target): IdentityTools => ({
    now: () => ctx.ns.now(),
    exists: async (kind, id) => (await store.identities.get({ ns: ctx.ns.name, api: t.api.name, kind, id })) !== undefined,
    async nextId() {
      const existing = await store.identities.list(kindIn(ctx, t));
      const highest = existing.reduce((max, i) => Math.max(max, Number(i.id) || 0), 0);
      return store.identities.nextId({ ns: ctx.ns.name, counter: `${t.api.name}:${t.kind.kind}`, atLeast: highest + 1 });
    },
  });
  const find = async (ctx: Ctx, t: Target, ref: string): Promise<Identity> => {
    const found =
      (await store.identities.get({ ...kindIn(ctx, t), id: ref })) ??
      (t.kind.lookupKey ? await store.identities.find({ ...kindIn(ctx, t), key: t.kind.lookupKey(ref) }) : undefined);
    if (!found) throw controlError('NOT_FOUND', `no ${t.name} ${ref}`);
    return found;
  };
  const save = async (ctx: Ctx, t: Target, identity: Identity) => {
    const result = await store.identities.put({ ns: ctx.ns.name, identity });
    if (result === 'key-conflict')
      throw controlError('CONFLICT', `another ${t.name} has the same login name or key (${identity.keys.join(', ')})`);
  };
  const guarded = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((err) => {
      if (err instanceof IdentityInputError) throw controlError('BAD_REQUEST', err.message);
      throw err;
    });
  const create =
    (apiName: string, kindName: string): Handler =>
    async (ctx) => {
      const t = apiName ? target(apiName, kindName) : fromPath(ctx);
      await runtime.namespaces.ensure(ctx.ns.name);
      const made = await guarded(() => t.kind.create((ctx.body ?? {}) as Record<string, unknown>, tools(ctx, t)));
      // a secret the caller did not choose (a generated API key) is shown in this answer only
      const { identity, reveal } = 'identity' in made ? made : { identity: made, reveal: undefined };
      const exists = await store.identities.get({ ...kindIn(ctx, t), id: identity.id });
      if (exists) throw controlError('CONFLICT', `a ${t.name} with id ${identity.id} exists`);
      await save(ctx, t, identity);
      return { status: 201, body: { ...t.kind.view(identity, ctx.ns.now()), ...reveal } };
    };
  return {
    async listIdentities(ctx) {
      const t = fromPath(ctx);
      await runtime.namespaces.ensure(ctx.ns.name);
      const all = await store.identities.list(kindIn(ctx, t));
      return { status: 200, body: all.map((i) => t.kind.view(i, ctx.ns.now())) };
    },
    createIdentity: create('', ''),
    createCommerceCustomer: create('commerce', 'customers'),
    createCommerceAdmin: create('commerce', 'admins'),
    createSocialUser: create('social', 'users'),
    createSocialApp: create('social', 'apps'),
    async getIdentity(ctx) {
      const t = fromPath(ctx);
      await runtime.namespaces.ensure(ctx.ns.name);
      return { status: 200, body: t.kind.view(await find(ctx, t, String(ctx.pathParams.id)), ctx.ns.now()) };
    },
    async updateIdentity(ctx) {
      const t = fromPath(ctx);
      await runtime.namespaces.ensure(ctx.ns.name);
      const current = await find(ctx, t, String(ctx.pathParams.id));
      const changed = await guarded(async () => t.kind.update(current, (ctx.body ?? {}) as Record<string, unknown>, tools(ctx, t)));
      await save(ctx, t, changed);
      return { status: 200, body: t.kind.view(changed, ctx.ns.now()) };
    },
    async deleteIdentity(ctx) {
      const t = fromPath(ctx);
      await runtime.namespaces.ensure(ctx.ns.name);
      const current = await find(ctx, t, String(ctx.pathParams.id));
      await store.identities.delete({ ...kindIn(ctx, t), id: current.id });
      if (t.kind.userType)
        await store.tokens.revokeUser({ ns: ctx.ns.name, api: t.api.name, userType: t.kind.userType, userId: current.id });
      return { status: 204, body: undefined };
    },
  };
}
