import type { IdentityStore, LockoutStore, NamespaceStore, NonceStore, RecordStore, Store, TokenStore } from './store.js';
import type { OAuthStore } from './oauth-store.js';

/** A write refused by a read-only view of the store (the request is then run again with the store itself). */
export class StoreWriteRefused extends Error {
  override name = 'StoreWriteRefused';
}

type Kind = 'read' | 'write';

// Every method of every part, read or write: a method added to a part must be placed here (the compiler says so).
const NAMESPACES = {
  get: 'read',
  peek: 'read',
  list: 'read',
  create: 'write',
  reset: 'write',
  reseed: 'write',
  update: 'write',
  delete: 'write',
} as const satisfies Record<keyof NamespaceStore, Kind>;
const IDENTITIES = {
  get: 'read',
  find: 'read',
  list: 'read',
  put: 'write',
  delete: 'write',
  nextId: 'write',
} as const satisfies Record<keyof IdentityStore, Kind>;
const RECORDS = {
  get: 'read',
  list: 'read',
  counts: 'read',
  parents: 'read',
  create: 'write',
  replace: 'write',
  delete: 'write',
  nextInteger: 'write',
  clear: 'write',
} as const satisfies Record<keyof RecordStore, Kind>;
const TOKENS = { find: 'read', list: 'read', save: 'write', revoke: 'write', revokeUser: 'write' } as const satisfies Record<
  keyof TokenStore,
  Kind
>;
const LOCKOUTS = { get: 'read', list: 'read', recordFailure: 'write', clear: 'write', clearAll: 'write' } as const satisfies Record<
  keyof LockoutStore,
  Kind
>;
const NONCES = { remember: 'write' } as const satisfies Record<keyof NonceStore, Kind>;
const OAUTH = {
  getKey: 'read',
  activeKey: 'read',
  listKeys: 'read',
  findRefresh: 'read',
  isRevoked: 'read',
  listAccess: 'read',
  addKey: 'write',
  extendKey: 'write',
  saveCode: 'write',
  takeCode: 'write',
  saveRefresh: 'write',
  useRefresh: 'write',
  revokeFamily: 'write',
  revokeAccess: 'write',
  recordAccess: 'write',
} as const satisfies Record<keyof OAuthStore, Kind>;

/**
 * The store as a request answered from what this process last read may use it: reads go
 * to the store, and a write is refused (and counted in `refused`): such a request is run
 * again with the store itself, so what it wrote is written under the namespace's current
 * state, never under a state it only assumed.
 */
export class ReadOnlyStore implements Store {
  readonly kind: Store['kind'];
  readonly secretKey: Buffer;
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
  readonly records: RecordStore;
  readonly tokens: TokenStore;
  readonly lockouts: LockoutStore;
  readonly nonces: NonceStore;
  readonly oauth: OAuthStore;
  /** writes refused so far (a request compares it before and after) */
  refused = 0;

  constructor(inner: Store) {
    this.kind = inner.kind;
    this.secretKey = inner.secretKey;
    this.namespaces = this.part(inner.namespaces, NAMESPACES);
    this.identities = this.part(inner.identities, IDENTITIES);
    this.records = this.part(inner.records, RECORDS);
    this.tokens = this.part(inner.tokens, TOKENS);
    this.lockouts = this.part(inner.lockouts, LOCKOUTS);
    this.nonces = this.part(inner.nonces, NONCES);
    this.oauth = this.part(inner.oauth, OAUTH);
  }

  sweep(): Promise<never> {
    return this.refuse('sweep');
  }

  stats(): Promise<never> {
    return this.refuse('stats');
  }

  reset(): Promise<never> {
    return this.refuse('reset');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private refuse(method: string): Promise<never> {
    this.refused++;
    return Promise.reject(new StoreWriteRefused(`${method}: a request answered from a kept namespace state writes nothing`));
  }

  /** A part whose reads call the inner part's method at call time (an optional one it lacks answers undefined) and whose writes are refused. */
  private part<T extends object>(inner: T, kinds: Readonly<Record<string, Kind>>): T {
    const methods = inner as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>;
    const out: Record<string, (...args: unknown[]) => unknown> = {};
    for (const [name, kind] of Object.entries(kinds)) {
      out[name] = kind === 'read' ? (...args) => methods[name]?.(...args) : () => this.refuse(name);
    }
    return out as T;
  }
}
