import type { CollectionRef, RecordStore, StoredObject } from './store.js';
import { slot, spaceOf, type MemoryState, type NamespaceState, type ObjectCollection } from './memory-state.js';
import { integerOf, pageOf } from './record-query.js';

/** The memory store's collections: objects copied in and out, in creation order (a Map keeps it). */
export function createMemoryRecords(state: MemoryState): RecordStore {
  const find = ({ ns, api, collection, parent }: CollectionRef) => state.spaces.get(ns)?.collections.get(slot(api, collection, parent));
  return {
    async create(args) {
      return writeObject(spaceOf(state, args.ns), args, args.item, false);
    },
    async get(args) {
      const found = find(args)?.items.get(args.id);
      return found && copy(found);
    },
    async list(args) {
      const found = find(args);
      const page = pageOf(found ? found.items.values() : [], args);
      return { items: page.items.map(copy), total: page.total };
    },
    async replace(args) {
      const items = find(args)?.items;
      const old = items?.get(args.id);
      if (!items || !old) return false;
      items.set(args.id, { ...old, object: structuredClone(args.object) });
      return true;
    },
    async delete(args) {
      return find(args)?.items.delete(args.id) ?? false;
    },
    async nextInteger(args) {
      const c = collectionOf(spaceOf(state, args.ns), args);
      return ++c.maxInteger;
    },
    async clear({ ns, api, collection }) {
      const space = state.spaces.get(ns);
      let gone = 0;
      for (const [key, c] of space?.collections ?? []) {
        if (c.api !== api || (collection !== undefined && c.collection !== collection)) continue;
        gone += c.items.size;
        space!.collections.delete(key);
      }
      return gone;
    },
    async parents({ ns, api, collection }) {
      const out: string[] = [];
      for (const [key, c] of state.spaces.get(ns)?.collections ?? []) {
        if (c.api === api && c.collection === collection && c.items.size > 0) out.push(key.slice(slot(api, collection, '').length));
      }
      return out;
    },
    async counts({ ns, api }) {
      const out: Record<string, number> = {};
      for (const c of state.spaces.get(ns)?.collections.values() ?? []) {
        if (c.api === api) out[c.collection] = (out[c.collection] ?? 0) + c.items.size;
      }
      return out;
    },
  };
}

/** Adds an object (seeding: over one with the same id) and moves the integer counter past its id. */
export function writeObject(space: NamespaceState, ref: Omit<CollectionRef, 'ns'>, item: StoredObject, force: boolean): 'ok' | 'exists' {
  const c = collectionOf(space, ref);
  if (!force && c.items.has(item.id)) return 'exists';
  c.items.set(item.id, copy(item));
  const n = integerOf(item.id);
  if (n !== undefined && n > c.maxInteger) c.maxInteger = n;
  return 'ok';
}

function collectionOf(space: NamespaceState, { api, collection, parent }: Omit<CollectionRef, 'ns'>): ObjectCollection {
  const key = slot(api, collection, parent);
  let c = space.collections.get(key);
  if (!c) space.collections.set(key, (c = { api, collection, items: new Map(), maxInteger: 0 }));
  return c;
}

function copy(item: StoredObject): StoredObject {
  return { id: item.id, ...(item.owner !== undefined ? { owner: item.owner } : {}), object: structuredClone(item.object) };
}
