import { randomBytes } from 'node:crypto';
import type { NamespaceRecord, NamespaceStore, Seeding } from '../store.js';
import type { RedisContext } from './redis-context.js';
import { fixedKeysOf, NAMESPACES } from './redis-keys.js';
import { seedArgs, toNamespace } from './redis-records.js';

/** The Redis store's namespaces: creating, resetting, reseeding and dropping are one script each. */
export function createRedisNamespaces({ client, script, guard, keys }: RedisContext): NamespaceStore {
  const seed = (mode: 'create' | 'reset' | 'reseed', { ns, seed: identities, seedHash }: Seeding, now: number) => {
    const all = [...fixedKeysOf(keys(ns)), NAMESPACES];
    // a new epoch each time: a namespace made again under an old name is not the old one
    const epoch = randomBytes(9).toString('base64url');
    return guard(() => script('seedNamespace', all, [mode, ns, now, seedHash, epoch, ...seedArgs(identities)])) as Promise<string[] | null>;
  };
  const get = async (ns: string) => toNamespace(ns, await guard(() => client.hgetall(keys(ns).record)));
  return {
    get,
    async create(args) {
      return toNamespace(args.ns, await seed('create', args, args.now))!;
    },
    async reset(args) {
      return toNamespace(args.ns, await seed('reset', args, args.now))!;
    },
    async reseed(args) {
      await seed('reseed', args, 0);
    },
    async update({ ns, clockOffsetMs, settings }) {
      const offset = clockOffsetMs === undefined ? '' : String(clockOffsetMs);
      const json = settings === undefined ? '' : JSON.stringify(settings);
      return toNamespace(ns, (await guard(() => script('updateNamespace', [keys(ns).record], [offset, json]))) as string[] | null);
    },
    async delete(ns) {
      const all = [...fixedKeysOf(keys(ns)), NAMESPACES];
      return (await guard(() => script('dropNamespace', all, [ns]))) === 1;
    },
    async list() {
      const names = (await guard(() => client.smembers(NAMESPACES))).sort();
      const records = await Promise.all(names.map(get));
      return records.filter((r): r is NamespaceRecord => r !== undefined);
    },
  };
}
