/**
 * Everything mutable the mock keeps, per namespace: identities, tokens, login failures,
 * OAuth nonces, the namespace's clock offset and settings. Split by concern into narrow
 * interfaces, each taking one object argument, so a caller is handed only the part it
 * uses. Asynchronous, and every update that reads, computes and writes is one operation
 * here, so a networked backend (Redis) can make it atomic without any caller changing.
 * The shared suite (test/store) runs every operation against every implementation.
 */
import type { OAuthStore, SigningAlg } from './oauth-store.js';

/** An account or client an API module knows: stored as JSON, secrets only as digests. */
export interface Identity {
  api: string;
  /** the module's kind of identity: customer, admin, user, app, integration, ... */
  kind: string;
  /** unique within (api, kind) */
  id: string;
  /** lookup keys (login names, lower-cased where the API ignores case); unique within (api, kind) */
  keys: string[];
  data: Record<string, unknown>;
}

export interface TokenRecord {
  /** the token's public part; assigned by the store, unique across namespaces */
  id: number;
  api: string;
  /** SHA-256 of the token's secret part: the token itself is never stored */
  verifierHash: string;
  userType: string;
  userId: string;
  /** social tokens are bound to the client app that asked for them */
  clientApp?: string;
  issuedAt: number;
  /** epoch ms, or null for a token that never expires */
  expiresAt: number | null;
  /** the permissions the token carries (a user spec's scopes); absent: the identity's own */
  scopes?: string[];
  /** extra claims minted into the token through the control API */
  claims?: Record<string, unknown>;
}

/** A token as it is handed to the store: the store assigns its id. */
export type NewToken = Omit<TokenRecord, 'id'>;

export interface LoginFailures {
  failures: number;
  /** epoch ms until which the name is locked once failures reach the maximum */
  lockExpiresAt: number;
}

export interface LoginFailureEntry extends LoginFailures {
  api: string;
  userType: string;
  username: string;
}

/** Per-namespace overrides of the start-up settings (absent: the start-up value). */
export interface NamespaceSettings {
  lockoutFailures?: number;
  lockoutSeconds?: number;
  /** user type -> seconds; null: never expires */
  tokenLifetimes?: Record<string, number | null>;
  /** the authorization server of the namespace (docs/oauth.md) */
  oauth?: OAuthSettings;
}

/** How the namespace's authorization server behaves; absent: its defaults. */
export interface OAuthSettings {
  /** the authorization endpoint signs a user in and consents at once, without a page */
  autoApprove?: boolean;
  /** the user the authorization endpoint signs in when no login_hint names one */
  loginUser?: string;
  /** the algorithm access and ID tokens are signed with (default RS256) */
  signingAlg?: SigningAlg;
  /** JWT access tokens (RFC 9068, the default) or opaque ones */
  accessTokenFormat?: 'jwt' | 'opaque';
  /** PKCE's `plain` method is refused unless this allows it (RFC 7636 §4.2) */
  allowPlainPkce?: boolean;
}

export interface NamespaceRecord {
  name: string;
  createdAt: number;
  /** added to the real clock for everything time-based in the namespace */
  clockOffsetMs: number;
  settings: NamespaceSettings;
  /** a hash of the fixtures the namespace was seeded from */
  seedHash: string;
  /**
   * a store other processes write (Redis): changes whenever the namespace's identities,
   * revocations, failure counts or steering rules change, so a process that keeps copies
   * of them knows, from the record each request reads, that they are stale
   */
  version?: string;
}

export type PutResult = 'ok' | 'key-conflict';

/** What one sweep deleted. */
export interface SweepResult {
  tokens: number;
  failures: number;
}

/** The size of the state, for /__authmock/health. */
export interface StoreStats {
  namespaces: number;
  identities: number;
  tokens: number;
  loginFailures: number;
  /** the SQLite file and its write-ahead log, in bytes (absent for a store without files) */
  fileBytes?: number;
  walBytes?: number;
}

/** Where an identity lives. */
export interface IdentityRef {
  ns: string;
  api: string;
  kind: string;
  id: string;
}

/** A login name's failure counter. */
export interface LoginRef {
  ns: string;
  api: string;
  userType: string;
  username: string;
}

/** A seed object of a collection, owned by no one unless its seed names an owner. */
export interface SeedObject extends StoredObject {
  api: string;
  collection: string;
  parent: string;
}

/** The seed a namespace is made from. */
export interface Seeding {
  ns: string;
  seed: readonly Identity[];
  /** the collections' seed objects */
  objects?: readonly SeedObject[];
  seedHash: string;
}

/** A namespace's record as this process last read it, and the text that says it is still so. */
export interface NamespaceSnapshot {
  record: NamespaceRecord;
  /** every field of the record as the store holds it (a journal append compares it: src/journal/journal.ts) */
  snapshot: string;
}

export interface NamespaceStore {
  get(ns: string): Promise<NamespaceRecord | undefined>;
  /**
   * A store others write too (Redis): the record this process last read of `ns`, without a
   * read; undefined when it has none (or keeps nothing it read alongside it)
   */
  peek?(ns: string): NamespaceSnapshot | undefined;
  /** creates the namespace with its seed identities unless it exists; returns the record either way */
  create(args: Seeding & { now: number }): Promise<NamespaceRecord>;
  /** back to the seed: identities, objects, tokens, failures, nonces, OAuth state, clock offset and settings, in one step */
  reset(args: Seeding & { now: number }): Promise<NamespaceRecord>;
  /** writes the seed identities and objects over those with the same ids, keeping the rest (fixtures changed) */
  reseed(args: Seeding): Promise<void>;
  update(args: { ns: string; clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined>;
  delete(ns: string): Promise<boolean>;
  list(): Promise<NamespaceRecord[]>;
}

export interface IdentityStore {
  get(ref: IdentityRef): Promise<Identity | undefined>;
  find(args: { ns: string; api: string; kind: string; key: string }): Promise<Identity | undefined>;
  list(args: { ns: string; api: string; kind: string }): Promise<Identity[]>;
  /** inserts or replaces by id; refused when one of its keys belongs to another identity */
  put(args: { ns: string; identity: Identity }): Promise<PutResult>;
  delete(ref: IdentityRef): Promise<boolean>;
  /** the next number of a named counter (identity ids), atomically */
  nextId(args: { ns: string; counter: string; atLeast: number }): Promise<number>;
}

/** One collection's objects: a nested collection is kept per parent (`/users/1/orders` and `/users/2/orders`). */
export interface CollectionRef {
  ns: string;
  api: string;
  collection: string;
  /** the parent path's parameter values joined by `/`; '' for a top-level collection */
  parent: string;
}

/** An object of a user spec's collection, as a caller created it or a seed made it. */
export interface StoredObject {
  /** the object's id property, as text */
  id: string;
  /** the subject of the caller that created it; absent: no one's (a seed) */
  owner?: string;
  object: Record<string, unknown>;
}

/** Which objects a list answers, and which page of them. */
export interface ListQuery {
  /** only objects with no owner or this one (a caller that may read only its own); absent: every object */
  visibleTo?: string;
  /** top-level properties that must equal these values (as text, as a query string carries them) */
  where?: Readonly<Record<string, string>>;
  /**
   * filters the request left out, at their declared defaults: an object that has the property
   * must equal the value, one without it is not excluded (it was made without saying)
   */
  assumed?: Readonly<Record<string, string>>;
  offset?: number;
  limit?: number;
}

/**
 * The objects of user specs' collections. Apart from identities on purpose: creating an
 * object must not drop the cached identities or move the namespace's version that other
 * instances' kept answers depend on. Objects go in creation order.
 */
export interface RecordStore {
  /** adds the object; `exists` (and nothing written) when its id is taken */
  create(args: CollectionRef & { item: StoredObject }): Promise<'ok' | 'exists'>;
  get(args: CollectionRef & { id: string }): Promise<StoredObject | undefined>;
  /** the matching objects in creation order, a page of them, and how many match in all */
  list(args: CollectionRef & ListQuery): Promise<{ items: StoredObject[]; total: number }>;
  /** writes the object over an existing one, which keeps its owner and place; false when there is none */
  replace(args: CollectionRef & { id: string; object: Record<string, unknown> }): Promise<boolean>;
  delete(args: CollectionRef & { id: string }): Promise<boolean>;
  /** one above the largest integer id the collection (in this parent) has held, atomically reserved */
  nextInteger(args: CollectionRef): Promise<number>;
  /** empties a collection in every parent, or every collection of the API; how many objects went */
  clear(args: { ns: string; api: string; collection?: string }): Promise<number>;
  /** the parents a nested collection holds objects under ('' for a top-level one), in no set order */
  parents(args: { ns: string; api: string; collection: string }): Promise<string[]>;
  /** collection -> how many objects it holds, every parent together */
  counts(args: { ns: string; api: string }): Promise<Record<string, number>>;
}

export interface TokenStore {
  /** stores a new token and returns its id, once it is stored for good */
  save(args: { ns: string; token: NewToken }): Promise<number>;
  find(args: { ns: string; api: string; id: number }): Promise<TokenRecord | undefined>;
  list(args: { ns: string; api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]>;
  revoke(args: { ns: string; api: string; id: number }): Promise<boolean>;
  /** revokes every token of one user; returns how many were revoked */
  revokeUser(args: { ns: string; api: string; userType: string; userId: string }): Promise<number>;
}

export interface LockoutStore {
  get(ref: LoginRef): Promise<LoginFailures | undefined>;
  /** counts one failed login atomically (a count whose lock expired starts again at one; each failure moves the lock's end to now + lockMs) */
  recordFailure(args: LoginRef & { now: number; lockMs: number }): Promise<LoginFailures>;
  clear(ref: LoginRef): Promise<boolean>;
  list(ns: string): Promise<LoginFailureEntry[]>;
  clearAll(ns: string): Promise<number>;
}

export interface NonceStore {
  /**
   * records an OAuth 1.0a nonce for a consumer: true, or false when that consumer already
   * used it (one atomic step; the platform's primary key is nonce + consumer). Nonces are
   * kept until the namespace is reset or deleted (docs/commerce-integrations.md §3).
   */
  remember(args: { ns: string; consumerKey: string; nonce: string; timestamp: number }): Promise<boolean>;
}

// the authorization servers' part of the contract, in a file of its own
export type * from './oauth-store.js';

export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'redis';
  /**
   * the key passwords and secrets are digested with; kept with the state, so the stored
   * digests stay usable across restarts; it never leaves the store
   */
  readonly secretKey: Buffer;
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
  readonly records: RecordStore;
  readonly tokens: TokenStore;
  readonly lockouts: LockoutStore;
  readonly nonces: NonceStore;
  readonly oauth: OAuthStore;
  /**
   * deletes expired tokens (authorization codes, refresh tokens and revocations included) and failure rows whose lock expired, in `ns` or everywhere; at
   * most `limit` rows, so one sweep's work is bounded (call again while it returns `limit`)
   */
  sweep(args: { ns?: string; now: number; limit: number }): Promise<SweepResult>;
  stats(): Promise<StoreStats>;
  /** forgets every namespace: back to the fixtures on the next request */
  reset(): Promise<void>;
  close(): Promise<void>;
}
