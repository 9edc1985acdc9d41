import type { TokenRecord, TokenStore } from './store.js';
import type { MemoryState } from './memory-state.js';

/** The memory store's tokens: ids are global and never reused while the process runs. */
export function createMemoryTokens(state: MemoryState): TokenStore {
  return {
    async save({ ns, token }) {
      const id = ++state.lastTokenId;
      state.tokens.set(id, { ns, record: { ...copyToken(token), id } });
      return id;
    },
    async find({ ns, api, id }) {
      const found = state.tokens.get(id);
      return found && found.ns === ns && found.record.api === api ? copyToken(found.record) : undefined;
    },
    async list({ ns, api, userType, userId }) {
      const out: TokenRecord[] = [];
      for (const { ns: owner, record: r } of state.tokens.values()) {
        if (owner !== ns) continue;
        if (api !== undefined && r.api !== api) continue;
        if (userType !== undefined && r.userType !== userType) continue;
        if (userId !== undefined && r.userId !== userId) continue;
        out.push(copyToken(r));
      }
      return out;
    },
    async revoke({ ns, api, id }) {
      const found = state.tokens.get(id);
      return !!found && found.ns === ns && found.record.api === api && state.tokens.delete(id);
    },
    async revokeUser({ ns, api, userType, userId }) {
      let n = 0;
      for (const [id, t] of state.tokens) {
        const r = t.record;
        if (t.ns === ns && r.api === api && r.userType === userType && r.userId === userId) {
          state.tokens.delete(id);
          n++;
        }
      }
      return n;
    },
  };
}

/** A token handed in or out: its scopes and claims are copied too, so no caller shares them with the store. */
function copyToken<T extends Omit<TokenRecord, 'id'>>(t: T): T {
  const copy = { ...t };
  if (t.scopes) copy.scopes = [...t.scopes];
  if (t.claims) copy.claims = structuredClone(t.claims);
  return copy;
}
