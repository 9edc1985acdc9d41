import type {
  Identity,
  IdentityStore,
  LockoutStore,
  NamespaceRecord,
  NamespaceStore,
  OAuthStore,
  SigningKey,
  StoredObject,
  TokenRecord,
  TokenStore,
} from './store.js';
import { deepFreeze } from '../core/deep-freeze.js';

interface NsCache {
  /** null: read, and there is no such namespace */
  record?: NamespaceRecord | null;
  identities: Map<string, Identity | null>;
  byKey: Map<string, Identity | null>;
  tokens: Map<string, TokenRecord>;
  /** login names read with no failures counted (null: none): the common login, which then costs no read */
  noFailures: Map<string, null>;
  /** signing keys by kid (a token's verification reads its key) */
  signingKeys: Map<string, SigningKey>;
  /** the active key, by algorithm */
  activeKeys: Map<string, SigningKey>;
  /** access token ids: revoked (a marker) or not (null) */
  revoked: Map<string, object | null>;
  /** stored objects by collection, parent and id (null: none) */
  objects: Map<string, StoredObject | null>;
  /** list answers by collection, parent and query */
  lists: Map<string, { items: StoredObject[]; total: number }>;
}

/** The kinds of read kept per namespace. */
export type CachedKind = 'identities' | 'byKey' | 'tokens' | 'noFailures' | 'signingKeys' | 'activeKeys' | 'revoked' | 'objects' | 'lists';
/** what a kind keeps of an answer: a value and "none" alike, values only, or only that there is none */
export type Keep = 'both' | 'found' | 'none';

/**
 * The read cache's entries, per namespace and kind of read, bounded, and what keeps them
 * true: every write drops what it may change before it runs and again after (a read that
 * raced it is gone too), and a version bumped by every drop keeps a read begun before a
 * write from being kept. Values are frozen: a caller that changed one would change every
 * later reader's copy.
 *
 * `shared`: other processes write the store too (Redis). Then the namespace's record is
 * read on every request (one round trip the request makes anyway) and carries the
 * namespace's version, which every write another process may have cached bumps: a record
 * of another version drops all that was kept of the namespace, so a revocation made
 * elsewhere holds here from the next request that reads the record.
 */
export class ReadCache {
  /** every object the cache froze (nested ones too): they never change */
  private readonly fixed = new WeakSet<object>();
  private readonly spaces = new Map<string, NsCache>();
  /** bumped by every write that drops entries: a read begun before it is not kept */
  private version = 0;

  constructor(
    private readonly limit: number,
    private readonly shared = false,
  ) {}

  /** whether the cache handed out this value (or one it holds): it never changes */
  isFixed(value: object): boolean {
    return this.fixed.has(value);
  }

  /** A namespace's record: kept once read, for as long as no write drops it. */
  async namespace(ns: string, read: () => Promise<NamespaceRecord | undefined>): Promise<NamespaceRecord | undefined> {
    if (this.shared) return this.observe(ns, await this.readShared(ns, read));
    const space = this.spaces.get(ns);
    if (space?.record) return space.record;
    const version = this.version;
    const record = await read();
    if (record && version === this.version) this.space(ns).record = this.freeze(record);
    return record;
  }

  /** Whether `record` is the namespace's record this cache keeps. */
  keeps(ns: string, record: NamespaceRecord): boolean {
    return this.spaces.get(ns)?.record === record;
  }

  /** Unread (the store is away), the version is unknown: nothing kept of the namespace may be served. */
  private async readShared(ns: string, read: () => Promise<NamespaceRecord | undefined>): Promise<NamespaceRecord | undefined> {
    try {
      return await read();
    } catch (err) {
      this.dropSpace(ns);
      throw err;
    }
  }

  /**
   * A shared store's record, just read: of another version than the one kept, what was
   * kept of the namespace goes (and reads begun before are not kept). Replies come in the
   * order the reads were sent, so a later request never sees an older version.
   */
  private observe(ns: string, record: NamespaceRecord | undefined): NamespaceRecord | undefined {
    const kept = this.spaces.get(ns)?.record;
    if (kept && record && kept.version === record.version) return record;
    this.dropSpace(ns);
    if (record) this.space(ns).record = this.freeze(record);
    return record;
  }

  /**
   * A read through the cache: the kept answer, or the store's, kept as `keep` says unless a
   * write began while it was read. Kept only while the namespace's record is: a deleted
   * namespace keeps nothing here.
   */
  async readThrough<T extends object>(
    ns: string,
    kind: CachedKind,
    key: string,
    keep: Keep,
    read: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const cached = this.spaces.get(ns)?.[kind].get(key) as T | null | undefined;
    if (cached !== undefined) return cached ?? undefined;
    const version = this.version;
    const found = await read();
    if (version === this.version && this.spaces.get(ns)?.record && keep !== (found ? 'none' : 'found')) {
      this.put(this.space(ns)[kind] as Map<string, T | null>, key, found ? this.freeze(found) : null);
    }
    return found;
  }

  /** A write: what it may change is dropped before it runs and again after (a read that raced it is gone too). */
  async writing<R>(drop: () => void, write: () => Promise<R>): Promise<R> {
    drop();
    try {
      return await write();
    } finally {
      drop();
    }
  }

  dropSpace(ns: string): void {
    this.version++;
    this.spaces.delete(ns);
  }

  dropIdentities(ns: string): void {
    this.version++;
    const space = this.spaces.get(ns);
    if (!space) return;
    space.identities.clear();
    space.byKey.clear();
  }

  dropAll(): void {
    this.version++;
    this.spaces.clear();
  }

  dropRecord(ns: string): void {
    this.version++;
    const space = this.spaces.get(ns);
    if (space) space.record = undefined;
  }

  dropFailures(ns: string): void {
    this.version++;
    this.spaces.get(ns)?.noFailures.clear();
  }

  /** what an authorization server's write may change: its keys and revocations */
  dropOAuth(ns: string | undefined): void {
    this.version++;
    for (const [name, space] of this.spaces) {
      if (ns !== undefined && name !== ns) continue;
      space.signingKeys.clear();
      space.activeKeys.clear();
      space.revoked.clear();
    }
  }

  /** what a write to any collection of the namespace may change: every object and list kept */
  dropRecords(ns: string): void {
    this.version++;
    const space = this.spaces.get(ns);
    if (!space) return;
    space.objects.clear();
    space.lists.clear();
  }

  dropTokens(ns: string | undefined): void {
    this.version++;
    if (ns === undefined) for (const space of this.spaces.values()) space.tokens.clear();
    else this.spaces.get(ns)?.tokens.clear();
  }

  private space(ns: string): NsCache {
    let found = this.spaces.get(ns);
    if (!found) {
      // namespaces are bounded by --max-namespaces; names read and not found are not kept
      found = {
        identities: new Map(),
        byKey: new Map(),
        tokens: new Map(),
        noFailures: new Map(),
        signingKeys: new Map(),
        activeKeys: new Map(),
        revoked: new Map(),
        objects: new Map(),
        lists: new Map(),
      };
      this.spaces.set(ns, found);
    }
    return found;
  }

  private freeze<T>(value: T): T {
    return deepFreeze(value, this.fixed);
  }

  private put<V>(map: Map<string, V>, key: string, value: V): V {
    if (map.size >= this.limit) map.delete(map.keys().next().value as string);
    map.set(key, value);
    return value;
  }
}

// Each part calls the inner part's method at call time (never a copy of it), and drops
// what a write may change through the cache (read-cache.ts).

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
