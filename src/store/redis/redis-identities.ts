import type { IdentityStore, PutResult } from '../store.js';
import type { RedisContext } from './redis-context.js';
import { identityField } from './redis-keys.js';
import { identityJson, toIdentity } from './redis-records.js';

/** The Redis store's identities: a write is one script, so its key check and the write are one step. */
export function createRedisIdentities({ client, send, script, guard, keys }: RedisContext): IdentityStore {
  return {
    async get({ ns, api, kind, id }) {
      const json = (await guard(() => send('hget', [keys(ns).identities, identityField(api, kind, id)]))) as string | null;
      return toIdentity(api, kind, id, json);
    },
    async find({ ns, api, kind, key }) {
      const k = keys(ns);
      const found = (await guard(() => script('findIdentity', [k.identities, k.identityKeys], [api, kind, key]))) as
        [string, string] | null;
      return found ? toIdentity(api, kind, found[0], found[1]) : undefined;
    },
    async list({ ns, api, kind }) {
      const all = await guard(() => client.hgetall(keys(ns).identities));
      const prefix = identityField(api, kind, '');
      return Object.entries(all)
        .filter(([field]) => field.startsWith(prefix))
        .map(([field, json]) => toIdentity(api, kind, field.slice(prefix.length), json)!);
    },
    async put({ ns, identity }) {
      const k = keys(ns);
      const { api, kind, id } = identity;
      const result = await guard(() =>
        script('putIdentity', [k.record, k.identities, k.identityKeys], [api, kind, id, identityJson(identity), ...identity.keys]),
      );
      if (result === 'no-namespace') throw new Error(`namespace ${ns} does not exist`);
      return result as PutResult;
    },
    async delete({ ns, api, kind, id }) {
      const k = keys(ns);
      return (await guard(() => script('deleteIdentity', [k.record, k.identities, k.identityKeys], [api, kind, id]))) === 1;
    },
    async nextId({ ns, counter, atLeast }) {
      const k = keys(ns);
      const next = await guard(() => script('nextId', [k.record, k.counters], [counter, atLeast]));
      if (next === null) throw new Error(`namespace ${ns} does not exist`);
      return Number(next);
    },
  };
}
