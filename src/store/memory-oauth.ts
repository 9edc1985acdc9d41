import type { OAuthStore, RefreshToken } from './store.js';
import { ACCESS_RECORDS_KEPT } from './oauth-store.js';
import { spaceOf, type MemoryState, type OAuthSpace } from './memory-state.js';

const copy = <T>(value: T): T => structuredClone(value);

/** The memory store's authorization-server state: each operation runs to its end before another starts. */
export function createMemoryOAuth(state: MemoryState): OAuthStore {
  const space = (ns: string): OAuthSpace => spaceOf(state, ns).oauth;
  const revokeFamily = (oauth: OAuthSpace, family: string): number => {
    const hashes = oauth.families.get(family) ?? new Set<string>();
    for (const hash of hashes) {
      const entry = oauth.refresh.get(hash);
      if (!entry) continue;
      entry.state = 'revoked';
      oauth.revoked.set(entry.token.accessJti, entry.token.accessExpiresAt);
    }
    return hashes.size;
  };
  const addRefresh = (oauth: OAuthSpace, hash: string, token: RefreshToken) => {
    oauth.refresh.set(hash, { token: copy(token), state: 'current' });
    const family = oauth.families.get(token.family) ?? new Set<string>();
    family.add(hash);
    oauth.families.set(token.family, family);
  };
  return {
    async getKey({ ns, kid }) {
      const key = state.spaces.get(ns)?.oauth.keys.get(kid);
      return key && copy(key);
    },
    async activeKey({ ns, alg }) {
      const found = [...(state.spaces.get(ns)?.oauth.keys.values() ?? [])].find((k) => k.alg === alg && k.state === 'active');
      return found && copy(found);
    },
    async listKeys(ns) {
      return [...(state.spaces.get(ns)?.oauth.keys.values() ?? [])].map(copy);
    },
    async addKey({ ns, key, rotate, now }) {
      const oauth = space(ns);
      const active = [...oauth.keys.values()].find((k) => k.alg === key.alg && k.state === 'active');
      if (active && !rotate) return copy(active);
      if (active) Object.assign(active, { state: 'retired', retiredAt: now });
      oauth.keys.set(key.kid, copy({ ...key, state: 'active' }));
      return copy({ ...key, state: 'active' });
    },
    async extendKey({ ns, kid, lifetimeMs }) {
      const key = state.spaces.get(ns)?.oauth.keys.get(kid);
      if (key) key.longestLifetimeMs = Math.max(key.longestLifetimeMs, lifetimeMs);
    },
    async saveCode({ ns, hash, code }) {
      space(ns).codes.set(hash, { code: copy(code), used: false });
    },
    async takeCode({ ns, hash, now }) {
      const entry = state.spaces.get(ns)?.oauth.codes.get(hash);
      if (!entry) return { outcome: 'unknown' };
      if (entry.used) return { outcome: 'used', code: copy(entry.code) };
      if (entry.code.expiresAt <= now) return { outcome: 'expired' };
      entry.used = true;
      return { outcome: 'ok', code: copy(entry.code) };
    },
    async saveRefresh({ ns, hash, token }) {
      addRefresh(space(ns), hash, token);
    },
    async useRefresh({ ns, hash, clientId, now, next }) {
      const oauth = space(ns);
      const entry = oauth.refresh.get(hash);
      if (!entry) return { outcome: 'unknown' };
      if (entry.token.clientId !== clientId) return { outcome: 'other-client' };
      if (entry.state === 'revoked') return { outcome: 'revoked' };
      if (entry.state === 'rotated') {
        revokeFamily(oauth, entry.token.family);
        return { outcome: 'reused' };
      }
      if (entry.token.expiresAt <= now) return { outcome: 'expired' };
      entry.state = 'rotated';
      addRefresh(oauth, next.hash, next.token);
      return { outcome: 'rotated', previous: copy(entry.token) };
    },
    async findRefresh({ ns, hash }) {
      const entry = state.spaces.get(ns)?.oauth.refresh.get(hash);
      return entry && copy(entry);
    },
    async revokeFamily({ ns, family }) {
      return revokeFamily(space(ns), family);
    },
    async revokeAccess({ ns, jti, expiresAt }) {
      space(ns).revoked.set(jti, expiresAt);
    },
    async isRevoked({ ns, jti }) {
      return state.spaces.get(ns)?.oauth.revoked.has(jti) ?? false;
    },
    async recordAccess({ ns, access }) {
      const { issued } = space(ns);
      issued.set(access.jti, { ...access, scopes: [...access.scopes] });
      if (issued.size > ACCESS_RECORDS_KEPT) issued.delete(issued.keys().next().value!);
    },
    async listAccess({ ns, api }) {
      const oauth = state.spaces.get(ns)?.oauth;
      if (!oauth) return [];
      return [...oauth.issued.values()]
        .filter((a) => api === undefined || a.api === api)
        .sort((a, b) => a.issuedAt - b.issuedAt) // stable: tokens of one millisecond in signing order
        .map((a) => ({ ...copy(a), revoked: oauth.revoked.has(a.jti) }));
    },
  };
}

/** Deletes what has expired in one namespace's authorization-server state, at most `limit` entries; answers how many. */
export function sweepMemoryOAuth(oauth: OAuthSpace, now: number, limit: number): number {
  let n = 0;
  for (const [hash, { code }] of oauth.codes) {
    if (n >= limit) return n;
    if (code.expiresAt <= now) n += Number(oauth.codes.delete(hash));
  }
  for (const [hash, { token }] of oauth.refresh) {
    if (n >= limit) return n;
    if (token.expiresAt > now) continue;
    oauth.refresh.delete(hash);
    const family = oauth.families.get(token.family);
    family?.delete(hash);
    if (family?.size === 0) oauth.families.delete(token.family);
    n++;
  }
  for (const [jti, expiresAt] of oauth.revoked) {
    if (n >= limit) return n;
    if (expiresAt <= now) n += Number(oauth.revoked.delete(jti));
  }
  for (const [jti, access] of oauth.issued) {
    if (n >= limit) return n;
    if (access.expiresAt <= now) n += Number(oauth.issued.delete(jti));
  }
  for (const [kid, key] of oauth.keys) {
    if (n >= limit) return n;
    if (key.state === 'retired' && (key.retiredAt ?? 0) + key.longestLifetimeMs <= now) n += Number(oauth.keys.delete(kid));
  }
  return n;
}
