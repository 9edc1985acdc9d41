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
  /** login names read with no failures counted: the common login, which then costs no read */
  noFailures: Map<string, true>;
}

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

  async resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    this.dropSpace(ns);
    try {
      return await this.inner.resetNamespace(ns, seed, seedHash, now);
    } finally {
      this.dropSpace(ns);
    }
  }

  async reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void> {
    this.dropSpace(ns);
    try {
      await this.inner.reseedNamespace(ns, seed, seedHash);
    } finally {
      this.dropSpace(ns);
    }
  }

  async updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined> {
    this.dropRecord(ns);
    try {
      return await this.inner.updateNamespace(ns, patch);
    } finally {
      this.dropRecord(ns);
    }
  }

  async deleteNamespace(ns: string): Promise<boolean> {
    this.dropSpace(ns);
    try {
      return await this.inner.deleteNamespace(ns);
    } finally {
      this.dropSpace(ns);
    }
  }

  listNamespaces(): Promise<NamespaceRecord[]> {
    return this.inner.listNamespaces();
  }

  async getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined> {
    const key = `${api}\u0000${kind}\u0000${id}`;
    const cached = this.spaces.get(ns)?.identities.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const version = this.version;
    const found = await this.inner.getIdentity(ns, api, kind, id);
    // kept only while the namespace's record is: a deleted namespace keeps nothing here
    if (version === this.version && this.spaces.get(ns)?.record) this.put(this.space(ns).identities, key, found ? this.freeze(found) : null);
    return found;
  }

  async findIdentity(ns: string, api: string, kind: string, loginKey: string): Promise<Identity | undefined> {
    const key = `${api}\u0000${kind}\u0000${loginKey}`;
    const cached = this.spaces.get(ns)?.byKey.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const version = this.version;
    const found = await this.inner.findIdentity(ns, api, kind, loginKey);
    if (version === this.version && this.spaces.get(ns)?.record) this.put(this.space(ns).byKey, key, found ? this.freeze(found) : null);
    return found;
  }

  listIdentities(ns: string, api: string, kind: string): Promise<Identity[]> {
    return this.inner.listIdentities(ns, api, kind);
  }

  async putIdentity(ns: string, identity: Identity): Promise<PutResult> {
    this.dropIdentities(ns);
    try {
      return await this.inner.putIdentity(ns, identity);
    } finally {
      this.dropIdentities(ns);
    }
  }

  async deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean> {
    this.dropIdentities(ns);
    try {
      return await this.inner.deleteIdentity(ns, api, kind, id);
    } finally {
      this.dropIdentities(ns);
    }
  }

  nextId(ns: string, counter: string, atLeast: number): Promise<number> {
    return this.inner.nextId(ns, counter, atLeast);
  }

  saveToken(ns: string, record: Omit<TokenRecord, 'id'>): Promise<number> {
    return this.inner.saveToken(ns, record);
  }

  async findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined> {
    const key = `${api}\u0000${id}`;
    const cached = this.spaces.get(ns)?.tokens.get(key);
    if (cached) return cached;
    const version = this.version;
    const found = await this.inner.findToken(ns, api, id);
    // a token not found is not kept: the next one issued may take that id
    if (found && version === this.version && this.spaces.get(ns)?.record) this.put(this.space(ns).tokens, key, this.freeze(found));
    return found;
  }

  listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]> {
    return this.inner.listTokens(ns, filter);
  }

  async revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number> {
    this.dropTokens(ns);
    try {
      return await this.inner.revokeUserTokens(ns, api, userType, userId);
    } finally {
      this.dropTokens(ns);
    }
  }

  async revokeToken(ns: string, api: string, id: number): Promise<boolean> {
    this.dropTokens(ns);
    try {
      return await this.inner.revokeToken(ns, api, id);
    } finally {
      this.dropTokens(ns);
    }
  }

  async getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined> {
    const key = `${api}\u0000${userType}\u0000${username}`;
    if (this.spaces.get(ns)?.noFailures.has(key)) return undefined;
    const version = this.version;
    const found = await this.inner.getLoginFailures(ns, api, userType, username);
    // only "none" is kept: a count is read fresh, and a sweep that drops one only makes it none
    if (!found && version === this.version && this.spaces.get(ns)?.record) this.put(this.space(ns).noFailures, key, true);
    return found;
  }

  async recordLoginFailure(ns: string, api: string, userType: string, username: string, now: number, lockMs: number): Promise<LoginFailures> {
    this.dropFailures(ns);
    try {
      return await this.inner.recordLoginFailure(ns, api, userType, username, now, lockMs);
    } finally {
      this.dropFailures(ns);
    }
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

  async sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult> {
    this.dropTokens(ns);
    try {
      return await this.inner.sweep(ns, now, limit);
    } finally {
      // a swept token must stay gone even if the namespace's clock is moved back
      this.dropTokens(ns);
    }
  }

  stats(): Promise<StoreStats> {
    return this.inner.stats();
  }

  async reset(): Promise<void> {
    this.dropAll();
    try {
      await this.inner.reset();
    } finally {
      this.dropAll();
    }
  }

  close(): Promise<void> {
    this.dropAll();
    return this.inner.close();
  }
}
