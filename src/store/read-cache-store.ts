import type {
  IdentityStore,
  LockoutStore,
  NamespaceStore,
  NonceStore,
  OAuthStore,
  RecordStore,
  Store,
  StoreStats,
  SweepResult,
  TokenStore,
} from './store.js';
import { ReadCache } from './read-cache.js';
import { cacheIdentities, cacheLockouts, cacheNamespaces, cacheOAuth, cacheTokens } from './read-cache-stores.js';
import { cacheRecords } from './read-cache-records.js';

/** Entries kept per namespace and kind of read; past it the oldest goes. */
export const READ_CACHE_ENTRIES = 4096;

export interface ReadCacheOptions {
  /** entries kept per namespace and kind of read */
  limit?: number;
  /**
   * other processes write the store (Redis): the namespace's record is read on every
   * request, and its version says whether what is kept still holds (read-cache.ts)
   */
  shared?: boolean;
}

/**
 * What every request reads (its namespace, its caller's identity and token) kept in
 * process. Every write of this process goes through here first and drops what it may
 * change, so a read never sees an older state than the store holds. SQLite (which holds
 * its file exclusively) and the memory store are written by this process alone; Redis is
 * `shared`: there the namespace's version, read with its record on every request, tells
 * this process of the writes of others. Values are frozen (read-cache.ts).
 */
export class ReadCacheStore implements Store {
  readonly kind: Store['kind'];
  readonly secretKey: Buffer;
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
  /** objects and lists kept until the namespace's next collection write (not on a shared store: read-cache.ts) */
  readonly records: RecordStore;
  readonly tokens: TokenStore;
  readonly lockouts: LockoutStore;
  readonly nonces: NonceStore;
  readonly oauth: OAuthStore;
  private readonly cache: ReadCache;

  constructor(
    private readonly inner: Store,
    { limit = READ_CACHE_ENTRIES, shared = false }: ReadCacheOptions = {},
  ) {
    this.kind = inner.kind;
    this.secretKey = inner.secretKey;
    this.cache = new ReadCache(limit, shared);
    this.namespaces = cacheNamespaces(inner.namespaces, this.cache);
    this.identities = cacheIdentities(inner.identities, this.cache);
    this.records = cacheRecords(inner.records, this.cache, shared);
    this.tokens = cacheTokens(inner.tokens, this.cache);
    this.lockouts = cacheLockouts(inner.lockouts, this.cache);
    this.nonces = inner.nonces;
    this.oauth = cacheOAuth(inner.oauth, this.cache);
  }

  /**
   * Whether a value this cache handed out (or anything in it) is one it keeps: it never
   * changes, so what the pipeline computes of it may be kept with it (src/pipeline/run-request.ts).
   */
  isFixed(value: object): boolean {
    return this.cache.isFixed(value);
  }

  sweep(args: { ns?: string; now: number; limit: number }): Promise<SweepResult> {
    // a swept token must stay gone even if the namespace's clock is moved back
    return this.cache.writing(
      () => {
        this.cache.dropTokens(args.ns);
        this.cache.dropOAuth(args.ns);
      },
      () => this.inner.sweep(args),
    );
  }

  stats(): Promise<StoreStats> {
    return this.inner.stats();
  }

  reset(): Promise<void> {
    return this.cache.writing(
      () => this.cache.dropAll(),
      () => this.inner.reset(),
    );
  }

  close(): Promise<void> {
    this.cache.dropAll();
    return this.inner.close();
  }
}
