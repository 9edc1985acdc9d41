import type { IdentityStore } from './store.js';
import { removeIdentity, slot, spaceOf, writeIdentity, type MemoryState } from './memory-state.js';

/** The memory store's identities: copied in and out, so no caller shares one with the store. */
export function createMemoryIdentities(state: MemoryState): IdentityStore {
  return {
    async get({ ns, api, kind, id }) {
      const found = state.spaces.get(ns)?.identities.get(slot(api, kind, id));
      return found && structuredClone(found);
    },
    async find({ ns, api, kind, key }) {
      const space = state.spaces.get(ns);
      const id = space?.keys.get(slot(api, kind, key));
      const found = id === undefined ? undefined : space!.identities.get(slot(api, kind, id));
      return found && structuredClone(found);
    },
    async list({ ns, api, kind }) {
      const space = state.spaces.get(ns);
      if (!space) return [];
      return [...space.identities.values()].filter((i) => i.api === api && i.kind === kind).map((i) => structuredClone(i));
    },
    async put({ ns, identity }) {
      return writeIdentity(spaceOf(state, ns), identity, false);
    },
    async delete({ ns, api, kind, id }) {
      const space = state.spaces.get(ns);
      return !!space && removeIdentity(space, api, kind, id);
    },
    async nextId({ ns, counter, atLeast }) {
      const space = spaceOf(state, ns);
      const next = Math.max((space.counters.get(counter) ?? 0) + 1, atLeast);
      space.counters.set(counter, next);
      return next;
    },
  };
}
