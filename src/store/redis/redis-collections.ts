import type { CollectionRef, RecordStore, StoredObject } from '../store.js';
import { filtersProperties, pageOf } from '../record-query.js';
import type { RedisContext } from './redis-context.js';
import { collectionKeys, SEP } from './redis-keys.js';
import { objectArgs, toStoredObject } from './redis-records.js';

/**
 * The Redis store's collections (user specs' objects): per collection and parent a hash of
 * the objects and a sorted set of their ids in creation order (redis-keys.ts
 * collectionKeys). Every write is one script, so an id's check and its write are one
 * step; none moves the namespace's version, since no process keeps a copy of an object.
 */
export function createRedisCollections({ send, script, guard, keys }: RedisContext): RecordStore {
  const keysOf = ({ ns, api, collection, parent }: CollectionRef) => {
    const k = keys(ns);
    return { ...collectionKeys(k, api, collection, parent), record: k.record, collections: k.collections, counters: k.collectionCounters };
  };
  /** the page (or, with an owner, those it may see) in creation order, and how many there are */
  const read = async (ref: CollectionRef, offset: number, limit: number, visibleTo: string | undefined) => {
    const c = keysOf(ref);
    const owner = visibleTo === undefined ? '' : JSON.stringify(visibleTo);
    const flat = (await guard(() => script('listObjects', [c.objects, c.order], [offset, limit, owner]))) as [number, ...string[]];
    const items: StoredObject[] = [];
    for (let i = 1; i + 1 < flat.length; i += 2) items.push(toStoredObject(flat[i] as string, flat[i + 1] as string)!);
    return { items, total: Number(flat[0]) };
  };
  return {
    async create(args) {
      const c = keysOf(args);
      const result = await guard(() => script('createObject', [c.record, c.collections, c.counters], [c.slot, ...objectArgs(args.item)]));
      if (result === 'no-namespace') throw new Error(`namespace ${args.ns} does not exist`);
      return result as 'ok' | 'exists';
    },
    async get(args) {
      const value = (await guard(() => send('hget', [keysOf(args).objects, args.id]))) as string | null;
      return toStoredObject(args.id, value);
    },
    async list(args) {
      // a filter on properties reads every object the caller may see, then pages in Node
      if (filtersProperties(args)) return pageOf((await read(args, 0, -1, args.visibleTo)).items, args);
      return read(args, args.offset ?? 0, args.limit ?? -1, args.visibleTo);
    },
    async replace(args) {
      const c = keysOf(args);
      return (await guard(() => script('replaceObject', [c.objects], [args.id, JSON.stringify(args.object)]))) === 1;
    },
    async delete(args) {
      const c = keysOf(args);
      return (await guard(() => script('deleteObject', [c.objects, c.order], [args.id]))) === 1;
    },
    async nextInteger(args) {
      const c = keysOf(args);
      const next = await guard(() => script('nextInteger', [c.record, c.collections, c.counters], [c.slot]));
      if (next === null) throw new Error(`namespace ${args.ns} does not exist`);
      return Number(next);
    },
    async clear({ ns, api, collection }) {
      const k = keys(ns);
      const prefix = collection === undefined ? `${api}${SEP}` : `${api}${SEP}${collection}${SEP}`;
      return Number(await guard(() => script('clearCollections', [k.collections, k.collectionCounters], [prefix])));
    },
    async parents({ ns, api, collection }) {
      const k = keys(ns);
      const prefix = `${api}${SEP}${collection}${SEP}`;
      const slots = (await guard(() => send('smembers', [k.collections]))) as string[];
      const out: string[] = [];
      for (const slot of slots) {
        if (!slot.startsWith(prefix)) continue;
        const size = Number(await guard(() => send('hlen', [collectionKeys(k, api, collection, slot.slice(prefix.length)).objects])));
        if (size > 0) out.push(slot.slice(prefix.length));
      }
      return out;
    },
    async counts({ ns, api }) {
      const flat = (await guard(() => script('countObjects', [keys(ns).collections], [`${api}${SEP}`]))) as (string | number)[];
      const out: Record<string, number> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]] = (out[flat[i]] ?? 0) + Number(flat[i + 1]);
      return out;
    },
  };
}
