import type {
  Identity,
  LoginFailureEntry,
  LoginFailures,
  NamespaceRecord,
  NamespaceSettings,
  PutResult,
  Store,
  StoreStats,
  SweepResult,
  TokenRecord,
} from './store.js';
import { deepFreeze } from '../core/deep-freeze.js';

/** Entries kept per namespace and kind of read; past it the oldest goes. */
export const READ_CACHE_ENTRIES = 4096;

interface NsCache {
  /** null: read, and there is no such namespace */
  record?: NamespaceRecord | null;
  identities: Map<string, Identity | null>;
  byKey: Map<string, Identity | null>;
  tokens: Map<string, TokenRecord>;
  /** login names read with no failures counted (null: none): the common login, which then costs no read */
  noFailures: Map<string, null>;
}

/** The kinds of read kept per namespace. */
type Kind = 'identities' | 'byKey' | 'tokens' | 'noFailures';
/** what a kind keeps of an answer: a value and "none" alike, values only, or only that there is none */
type Keep = 'both' | 'found' | 'none';

/**
 * What every request reads (its namespace, its caller's identity and token) kept in
 * process, in front of a store that only this process writes: SQLite holds its file
 * exclusively and the memory store is the process's own. Every write goes through here
 * first and drops what it may change, so a read never sees an older state than the store
 * holds. Not for Redis, which other processes write. Values are frozen: a caller that
 * changed one would change every later reader's copy.
 */
export class ReadCacheStore implements Store {
  readonly kind: string;
  readonly secretKey: Buffer;
  /** every object the cache froze (nested ones too): they never change */
  readonly fixedValues = new WeakSet<object>();
  private readonly spaces = new Map<string, NsCache>();
  /** bumped by every write that drops entries: a read begun before it is not kept */
  private version = 0;

  constructor(
    private readonly inner: Store,
    private readonly limit = READ_CACHE_ENTRIES,
  ) {
    this.kind = inner.kind;
    this.secretKey = inner.secretKey;
  }

  private space(ns: string): NsCache {
    let found = this.spaces.get(ns);
    if (!found) {
      // namespaces are bounded by --max-namespaces; names read and not found are not kept
      found = { identities: new Map(), byKey: new Map(), tokens: new Map(), noFailures: new Map() };
      this.spaces.set(ns, found);
    }
    return found;
  }

  private freeze<T>(value: T): T {
    return deepFreeze(value, this.fixedValues);
  }

  /**
   * A read through the cache: the kept answer, or the store's, kept as `keep` says unless a
   * write began while it was read. Kept only while the namespace's record is: a deleted
   * namespace keeps nothing here.
   */
  private async readThrough<T extends object>(
    ns: string,
    kind: Kind,
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
  private async writing<R>(drop: () => void, write: () => Promise<R>): Promise<R> {
    drop();
    try {
      return await write();
    } finally {
      drop();
    }
  }

  private put<V>(map: Map<string, V>, key: string, value: V): V {
    if (map.size >= this.limit) map.delete(map.keys().next().value as string);
    map.set(key, value);
    return value;
  }

  private dropSpace(ns: string): void {
    this.version++;
    this.spaces.delete(ns);
  }

  private dropIdentities(ns: string): void {
    this.version++;
    const space = this.spaces.get(ns);
    if (!space) return;
    space.identities.clear();
    space.byKey.clear();
  }

  private dropAll(): void {
    this.version++;
    this.spaces.clear();
  }

  private dropRecord(ns: string): void {
    this.version++;
    const space = this.spaces.get(ns);
    if (space) space.record = undefined;
  }

  private dropFailures(ns: string): void {
    this.version++;
    this.spaces.get(ns)?.noFailures.clear();
  }

  private dropTokens(ns: string | undefined): void {
    this.version++;
    if (ns === undefined) for (const space of this.spaces.values()) space.tokens.clear();
    else this.spaces.get(ns)?.tokens.clear();
  }

  async getNamespace(ns: string): Promise<NamespaceRecord | undefined> {
    const space = this.spaces.get(ns);
    if (space?.record) return space.record;
    const version = this.version;
    const record = await this.inner.getNamespace(ns);
    if (record && version === this.version) this.space(ns).record = this.freeze(record);
    return record;
  }

  async createNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    this.dropSpace(ns);
    return this.inner.createNamespace(ns, seed, seedHash, now);
  }

  resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    return this.writing(
      () => this.dropSpace(ns),
      () => this.inner.resetNamespace(ns, seed, seedHash, now),
    );
  }

  reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void> {
    return this.writing(
      () => this.dropSpace(ns),
      () => this.inner.reseedNamespace(ns, seed, seedHash),
    );
  }

  updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined> {
    return this.writing(
      () => this.dropRecord(ns),
      () => this.inner.updateNamespace(ns, patch),
    );
  }

  deleteNamespace(ns: string): Promise<boolean> {
    return this.writing(
      () => this.dropSpace(ns),
      () => this.inner.deleteNamespace(ns),
    );
  }

  listNamespaces(): Promise<NamespaceRecord[]> {
    return this.inner.listNamespaces();
  }

  getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined> {
    return this.readThrough(ns, 'identities', `${api}\u0000${kind}\u0000${id}`, 'both', () => this.inner.getIdentity(ns, api, kind, id));
  }

  findIdentity(ns: string, api: string, kind: string, loginKey: string): Promise<Identity | undefined> {
    const read = () => this.inner.findIdentity(ns, api, kind, loginKey);
    return this.readThrough(ns, 'byKey', `${api}\u0000${kind}\u0000${loginKey}`, 'both', read);
  }

  listIdentities(ns: string, api: string, kind: string): Promise<Identity[]> {
    return this.inner.listIdentities(ns, api, kind);
  }

  putIdentity(ns: string, identity: Identity): Promise<PutResult> {
    return this.writing(
      () => this.dropIdentities(ns),
      () => this.inner.putIdentity(ns, identity),
    );
  }

  deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean> {
    return this.writing(
      () => this.dropIdentities(ns),
      () => this.inner.deleteIdentity(ns, api, kind, id),
    );
  }

  nextId(ns: string, counter: string, atLeast: number): Promise<number> {
    return this.inner.nextId(ns, counter, atLeast);
  }

  saveToken(ns: string, record: Omit<TokenRecord, 'id'>): Promise<number> {
    return this.inner.saveToken(ns, record);
  }

  findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined> {
    // a token not found is not kept: the next one issued may take that id
    return this.readThrough(ns, 'tokens', `${api}\u0000${id}`, 'found', () => this.inner.findToken(ns, api, id));
  }

  listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]> {
    return this.inner.listTokens(ns, filter);
  }

  revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number> {
    return this.writing(
      () => this.dropTokens(ns),
      () => this.inner.revokeUserTokens(ns, api, userType, userId),
    );
  }

  revokeToken(ns: string, api: string, id: number): Promise<boolean> {
    return this.writing(
      () => this.dropTokens(ns),
      () => this.inner.revokeToken(ns, api, id),
    );
  }

  getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined> {
    // only "none" is kept: a count is read fresh, and a sweep that drops one only makes it none
    const read = () => this.inner.getLoginFailures(ns, api, userType, username);
    return this.readThrough(ns, 'noFailures', `${api}\u0000${userType}\u0000${username}`, 'none', read);
  }

  recordLoginFailure(ns: string, api: string, userType: string, username: string, now: number, lockMs: number): Promise<LoginFailures> {
    return this.writing(
      () => this.dropFailures(ns),
      () => this.inner.recordLoginFailure(ns, api, userType, username, now, lockMs),
    );
  }

  clearLoginFailures(ns: string, api: string, userType: string, username: string): Promise<boolean> {
    return this.inner.clearLoginFailures(ns, api, userType, username);
  }

  listLoginFailures(ns: string): Promise<LoginFailureEntry[]> {
    return this.inner.listLoginFailures(ns);
  }

  clearAllLoginFailures(ns: string): Promise<number> {
    return this.inner.clearAllLoginFailures(ns);
  }

  rememberNonce(ns: string, consumerKey: string, nonce: string, timestamp: number): Promise<boolean> {
    return this.inner.rememberNonce(ns, consumerKey, nonce, timestamp);
  }

  sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult> {
    // a swept token must stay gone even if the namespace's clock is moved back
    return this.writing(
      () => this.dropTokens(ns),
      () => this.inner.sweep(ns, now, limit),
    );
  }

  stats(): Promise<StoreStats> {
    return this.inner.stats();
  }

  reset(): Promise<void> {
    return this.writing(
      () => this.dropAll(),
      () => this.inner.reset(),
    );
  }

  close(): Promise<void> {
    this.dropAll();
    return this.inner.close();
  }
}
