import type { LockoutStore, NonceStore } from './store.js';
import { slot, spaceOf, type MemoryState } from './memory-state.js';

/** The memory store's failed-login counts. */
export function createMemoryLockouts(state: MemoryState): LockoutStore {
  return {
    async get({ ns, api, userType, username }) {
      const found = state.spaces.get(ns)?.failures.get(slot(api, userType, username));
      return found && { failures: found.failures, lockExpiresAt: found.lockExpiresAt };
    },
    async recordFailure({ ns, api, userType, username, now, lockMs }) {
      const space = spaceOf(state, ns);
      const key = slot(api, userType, username);
      const previous = space.failures.get(key);
      const failures = previous && previous.lockExpiresAt > now ? previous.failures + 1 : 1;
      const entry = { api, userType, username, failures, lockExpiresAt: now + lockMs };
      space.failures.set(key, entry);
      return { failures, lockExpiresAt: entry.lockExpiresAt };
    },
    async clear({ ns, api, userType, username }) {
      return state.spaces.get(ns)?.failures.delete(slot(api, userType, username)) ?? false;
    },
    async list(ns) {
      return [...(state.spaces.get(ns)?.failures.values() ?? [])].map((f) => ({ ...f }));
    },
    async clearAll(ns) {
      const failures = state.spaces.get(ns)?.failures;
      const n = failures?.size ?? 0;
      failures?.clear();
      return n;
    },
  };
}

/** The memory store's OAuth nonces: a set per namespace. */
export function createMemoryNonces(state: MemoryState): NonceStore {
  return {
    async remember({ ns, consumerKey, nonce }) {
      const nonces = spaceOf(state, ns).nonces;
      const key = slot(consumerKey, nonce);
      if (nonces.has(key)) return false;
      nonces.add(key);
      return true;
    },
  };
}
