import type { Identity, NamespaceRecord, NamespaceStore, SeedObject } from './store.js';
import { writeObject } from './memory-records.js';
import { copyRecord, dropSpace, newOAuthSpace, writeIdentity, type MemoryState, type NamespaceState } from './memory-state.js';

/** The memory store's namespaces. */
export function createMemoryNamespaces(state: MemoryState): NamespaceStore {
  const seed = (
    ns: string,
    identities: readonly Identity[],
    objects: readonly SeedObject[],
    seedHash: string,
    now: number,
  ): NamespaceRecord => {
    const space: NamespaceState = {
      record: { name: ns, createdAt: now, clockOffsetMs: 0, settings: {}, seedHash },
      identities: new Map(),
      keys: new Map(),
      counters: new Map(),
      failures: new Map(),
      nonces: new Set(),
      oauth: newOAuthSpace(),
      collections: new Map(),
    };
    for (const identity of identities) writeIdentity(space, identity, true);
    for (const object of objects) writeObject(space, object, object, true);
    state.spaces.set(ns, space);
    return copyRecord(space.record);
  };
  return {
    async get(ns) {
      const space = state.spaces.get(ns);
      return space && copyRecord(space.record);
    },
    async create({ ns, seed: identities, objects = [], seedHash, now }) {
      const existing = state.spaces.get(ns);
      return existing ? copyRecord(existing.record) : seed(ns, identities, objects, seedHash, now);
    },
    async reset({ ns, seed: identities, objects = [], seedHash, now }) {
      dropSpace(state, ns);
      return seed(ns, identities, objects, seedHash, now);
    },
    async reseed({ ns, seed: identities, objects = [], seedHash }) {
      const space = state.spaces.get(ns);
      if (!space) return;
      for (const identity of identities) writeIdentity(space, identity, true);
      for (const object of objects) writeObject(space, object, object, true);
      space.record.seedHash = seedHash;
    },
    async update({ ns, clockOffsetMs, settings }) {
      const space = state.spaces.get(ns);
      if (!space) return undefined;
      if (clockOffsetMs !== undefined) space.record.clockOffsetMs = clockOffsetMs;
      if (settings !== undefined) space.record.settings = structuredClone(settings);
      return copyRecord(space.record);
    },
    async delete(ns) {
      return dropSpace(state, ns);
    },
    async list() {
      return [...state.spaces.values()].map((s) => copyRecord(s.record));
    },
  };
}
