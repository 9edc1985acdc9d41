import type { Call, Handler } from '../../pipeline/stages.js';
import type { Runtime } from '../../pipeline/runtime.js';
import type { ServedCollection } from '../../pipeline/served-api.js';
import type { CollectionRef, StoredObject } from '../../store/store.js';
import { makeId } from '../../apis/spec-api/resources/new-id.js';
import { controlError } from '../control-error.js';

interface Target {
  api: string;
  served: ServedCollection;
}

/**
 * A user spec's stored objects, by `/__authmock/resources/{api}/{collection}`: what a test
 * sets up before it runs (objects with owners) and looks at after, per namespace.
 */
export function createResourceHandlers(runtime: Runtime): Record<string, Handler> {
  const { store, random } = runtime.services;
  const collectionsOf = (apiName: string): readonly ServedCollection[] => {
    const api = runtime.apis.find((a) => a.name === apiName && a.collections?.length);
    if (!api) {
      const known = runtime.apis.filter((a) => a.collections?.length).map((a) => a.name);
      throw controlError('NOT_FOUND', `no stored resources in ${apiName} (APIs with collections: ${known.join(', ') || 'none'})`);
    }
    return api.collections!;
  };
  const target = (call: Call): Target => {
    const api = String(call.pathParams.api);
    const name = String(call.pathParams.collection);
    const all = collectionsOf(api);
    const served = all.find((c) => c.collection.name === name);
    if (!served)
      throw controlError('NOT_FOUND', `no collection ${name} in ${api} (its collections: ${all.map((c) => c.collection.name).join(', ')})`);
    return { api, served };
  };
  const refOf = (call: Call, t: Target, parent: unknown): CollectionRef => ({
    ns: call.ns.name,
    api: t.api,
    collection: t.served.collection.name,
    parent: typeof parent === 'string' ? parent : '',
  });
  const view = (o: StoredObject, parent: string) => ({
    id: o.id,
    ...(o.owner !== undefined ? { owner: o.owner } : {}),
    parent,
    object: o.object,
  });

  return {
    async listCollections(call) {
      const api = String(call.pathParams.api);
      const all = collectionsOf(api);
      await runtime.namespaces.ensure(call.ns.name);
      const counts = await store.records.counts({ ns: call.ns.name, api });
      const body = all.map(({ collection: c, policy }) => ({
        name: c.name,
        ...(c.path !== undefined ? { path: c.path } : {}),
        idProperty: c.idProperty,
        parentParams: [...c.parentParams],
        visibility: policy.visibility,
        adminScopes: [...policy.adminScopes],
        operations: operationsOf(c),
        count: counts[c.name] ?? 0,
      }));
      return { status: 200, body };
    },
    async listObjects(call) {
      const t = target(call);
      await runtime.namespaces.ensure(call.ns.name);
      const given = call.query.parent;
      const parents =
        typeof given === 'string'
          ? [given]
          : await store.records.parents({ ns: call.ns.name, api: t.api, collection: t.served.collection.name });
      const body = [];
      for (const parent of parents.sort()) {
        const { items } = await store.records.list(refOf(call, t, parent));
        body.push(...items.map((o) => view(o, parent)));
      }
      return { status: 200, body };
    },
    async addObject(call) {
      const t = target(call);
      await runtime.namespaces.ensure(call.ns.name);
      const input = call.body as { owner?: string; parent?: string; object: Record<string, unknown> };
      const c = t.served.collection;
      const ref = refOf(call, t, input.parent);
      const object = { [c.idProperty]: undefined, ...input.object };
      if (object[c.idProperty] === undefined || object[c.idProperty] === null)
        object[c.idProperty] = await makeId(c, store.records, ref, random);
      const id = object[c.idProperty];
      if (typeof id === 'object') throw controlError('BAD_REQUEST', `the object's ${c.idProperty} must be a string or a number`);
      const item: StoredObject = { id: String(id), ...(input.owner !== undefined ? { owner: input.owner } : {}), object };
      if ((await store.records.create({ ...ref, item })) === 'exists')
        throw controlError('CONFLICT', `${c.name} ${String(id)} exists already`);
      return { status: 201, body: view(item, ref.parent) };
    },
    async clearCollection(call) {
      const t = target(call);
      await runtime.namespaces.ensure(call.ns.name);
      await store.records.clear({ ns: call.ns.name, api: t.api, collection: t.served.collection.name });
      return { status: 204, body: undefined };
    },
    async deleteObject(call) {
      const t = target(call);
      await runtime.namespaces.ensure(call.ns.name);
      const id = String(call.pathParams.id);
      if (!(await store.records.delete({ ...refOf(call, t, call.query.parent), id })))
        throw controlError('NOT_FOUND', `no ${t.served.collection.name} ${id}`);
      return { status: 204, body: undefined };
    },
  };
}

/** The collection's operations by role, for the inspector and the checker. */
function operationsOf(c: ServedCollection['collection']): Record<string, string> {
  const out: Record<string, string> = {};
  const roles = { create: c.create, read: c.read, replace: c.replace, patch: c.patch, delete: c.remove } as const;
  for (const [role, op] of Object.entries(roles)) if (op) out[role] = op.operationId;
  c.lists.forEach((op, i) => (out[i === 0 ? 'list' : `list${i + 1}`] = op.operationId));
  return out;
}
