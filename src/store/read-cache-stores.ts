import type { IdentityStore, LockoutStore, NamespaceStore, OAuthStore, TokenStore } from './store.js';
import type { ReadCache } from './read-cache.js';

// The store's parts behind the read cache (read-cache.ts; the records' in read-cache-records.ts).
// Each part calls the inner part's method at call time (never a copy of it), and drops
// what a write may change through the cache.

export function cacheNamespaces(inner: NamespaceStore, cache: ReadCache): NamespaceStore {
  return {
    get: (ns) => cache.namespace(ns, () => inner.get(ns)),
    // only the record this cache keeps (what it keeps besides was read under it)
    peek:
      inner.peek &&
      ((ns) => {
        const last = inner.peek!(ns);
        return last && cache.keeps(ns, last.record) ? last : undefined;
      }),
    async create(args) {
      cache.dropSpace(args.ns);
      return inner.create(args);
    },
    reset: (args) =>
      cache.writing(
        () => cache.dropSpace(args.ns),
        () => inner.reset(args),
      ),
    reseed: (args) =>
      cache.writing(
        () => cache.dropSpace(args.ns),
        () => inner.reseed(args),
      ),
    update: (args) =>
      cache.writing(
        () => cache.dropRecord(args.ns),
        () => inner.update(args),
      ),
    delete: (ns) =>
      cache.writing(
        () => cache.dropSpace(ns),
        () => inner.delete(ns),
      ),
    list: () => inner.list(),
  };
}

export function cacheIdentities(inner: IdentityStore, cache: ReadCache): IdentityStore {
  return {
    get: (ref) => cache.readThrough(ref.ns, 'identities', `${ref.api}\u0000${ref.kind}\u0000${ref.id}`, 'both', () => inner.get(ref)),
    find: (args) => cache.readThrough(args.ns, 'byKey', `${args.api}\u0000${args.kind}\u0000${args.key}`, 'both', () => inner.find(args)),
    list: (args) => inner.list(args),
    put: (args) =>
      cache.writing(
        () => cache.dropIdentities(args.ns),
        () => inner.put(args),
      ),
    delete: (ref) =>
      cache.writing(
        () => cache.dropIdentities(ref.ns),
        () => inner.delete(ref),
      ),
    nextId: (args) => inner.nextId(args),
  };
}

export function cacheTokens(inner: TokenStore, cache: ReadCache): TokenStore {
  return {
    save: (args) => inner.save(args),
    // a token not found is not kept: the next one issued may take that id
    find: (args) => cache.readThrough(args.ns, 'tokens', `${args.api}\u0000${args.id}`, 'found', () => inner.find(args)),
    list: (args) => inner.list(args),
    revoke: (args) =>
      cache.writing(
        () => cache.dropTokens(args.ns),
        () => inner.revoke(args),
      ),
    revokeUser: (args) =>
      cache.writing(
        () => cache.dropTokens(args.ns),
        () => inner.revokeUser(args),
      ),
  };
}

export function cacheLockouts(inner: LockoutStore, cache: ReadCache): LockoutStore {
  return {
    // only "none" is kept: a count is read fresh, and a sweep that drops one only makes it none
    get: (ref) =>
      cache.readThrough(ref.ns, 'noFailures', `${ref.api}\u0000${ref.userType}\u0000${ref.username}`, 'none', () => inner.get(ref)),
    recordFailure: (args) =>
      cache.writing(
        () => cache.dropFailures(args.ns),
        () => inner.recordFailure(args),
      ),
    // clearing only makes a count none, which a kept "none" already says
    clear: (ref) => inner.clear(ref),
    list: (ns) => inner.list(ns),
    clearAll: (ns) => inner.clearAll(ns),
  };
}

/** "revoked", as the cache keeps it (not revoked is kept as none) */
const REVOKED = Object.freeze({ revoked: true });

export function cacheOAuth(inner: OAuthStore, cache: ReadCache): OAuthStore {
  const writing = <R>(ns: string, write: () => Promise<R>) => cache.writing(() => cache.dropOAuth(ns), write);
  return {
    // a kid not found is not kept: a forged kid costs a read, and fills nothing
    getKey: (args) => cache.readThrough(args.ns, 'signingKeys', args.kid, 'found', () => inner.getKey(args)),
    activeKey: (args) => cache.readThrough(args.ns, 'activeKeys', args.alg, 'found', () => inner.activeKey(args)),
    listKeys: (ns) => inner.listKeys(ns),
    addKey: (args) => writing(args.ns, () => inner.addKey(args)),
    extendKey: (args) => writing(args.ns, () => inner.extendKey(args)),
    saveCode: (args) => inner.saveCode(args),
    takeCode: (args) => inner.takeCode(args),
    saveRefresh: (args) => inner.saveRefresh(args),
    // a reused token revokes its family's access tokens
    useRefresh: (args) => writing(args.ns, () => inner.useRefresh(args)),
    findRefresh: (args) => inner.findRefresh(args),
    revokeFamily: (args) => writing(args.ns, () => inner.revokeFamily(args)),
    revokeAccess: (args) => writing(args.ns, () => inner.revokeAccess(args)),
    isRevoked: async (args) =>
      !!(await cache.readThrough(args.ns, 'revoked', args.jti, 'both', async () => ((await inner.isRevoked(args)) ? REVOKED : undefined))),
    // a record for the listing changes no answer: nothing cached depends on it
    recordAccess: (args) => inner.recordAccess(args),
    listAccess: (args) => inner.listAccess(args),
  };
}
