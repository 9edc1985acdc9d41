import type { Identity, NamespaceRecord, SigningKey, StoredObject, TokenRecord } from './store.js';
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
