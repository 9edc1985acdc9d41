/**
 * Everything mutable the mock keeps, per namespace: identities, tokens, login failures,
 * the namespace's clock offset and settings. Asynchronous, and every update that reads,
 * computes and writes is one operation here, so a networked backend (Redis) can make it
 * atomic without any caller changing. The shared suite (test/store) runs every operation
 * against every implementation.
 */

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
}

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
}

export interface NamespaceRecord {
  name: string;
  createdAt: number;
  /** added to the real clock for everything time-based in the namespace */
  clockOffsetMs: number;
  settings: NamespaceSettings;
  /** a hash of the fixtures the namespace was seeded from */
  seedHash: string;
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

export interface Store {
  readonly kind: string;
  /**
   * Values this store's reads handed out that never change (deeply frozen): what the
   * pipeline computes of them may be kept with them (src/pipeline/fixed-memo.ts). Absent:
   * every read is a fresh value.
   */
  readonly fixedValues?: { has(value: object): boolean };
  /**
   * The key passwords and secrets are digested with. It is kept with the state, so the
   * stored digests stay usable across restarts; it never leaves the store.
   */
  readonly secretKey: Buffer;

  getNamespace(ns: string): Promise<NamespaceRecord | undefined>;
  /** creates the namespace with its seed identities unless it exists; returns the record either way */
  createNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord>;
  /** back to the seed: identities, tokens, failures, clock offset and settings, in one step */
  resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord>;
  /** writes the seed identities over those with the same ids, keeping the rest (fixtures changed) */
  reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void>;
  updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined>;
  deleteNamespace(ns: string): Promise<boolean>;
  listNamespaces(): Promise<NamespaceRecord[]>;

  getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined>;
  findIdentity(ns: string, api: string, kind: string, key: string): Promise<Identity | undefined>;
  listIdentities(ns: string, api: string, kind: string): Promise<Identity[]>;
  /** inserts or replaces by id; refused when one of its keys belongs to another identity */
  putIdentity(ns: string, identity: Identity): Promise<PutResult>;
  deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean>;
  /** the next number of a named counter (identity ids), atomically */
  nextId(ns: string, counter: string, atLeast: number): Promise<number>;

  /** stores a new token and returns its id, once it is stored for good */
  saveToken(ns: string, record: Omit<TokenRecord, 'id'>): Promise<number>;
  findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined>;
  listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]>;
  /** revokes every token of one user; returns how many were revoked */
  revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number>;
  revokeToken(ns: string, api: string, id: number): Promise<boolean>;

  getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined>;
  /**
   * Counts one failed login, atomically: a count whose lock has expired starts again at
   * one, and each failure moves the lock's end to now + lockMs.
   */
  recordLoginFailure(ns: string, api: string, userType: string, username: string, now: number, lockMs: number): Promise<LoginFailures>;
  clearLoginFailures(ns: string, api: string, userType: string, username: string): Promise<boolean>;
  listLoginFailures(ns: string): Promise<LoginFailureEntry[]>;
  clearAllLoginFailures(ns: string): Promise<number>;

  /**
   * Records an OAuth nonce for a consumer and answers true, or false when that consumer
   * already used it: one atomic step (the platform's primary key is nonce + consumer).
   * Nonces are kept until the namespace is reset or deleted (docs/commerce-integrations.md §3).
   */
  rememberNonce(ns: string, consumerKey: string, nonce: string, timestamp: number): Promise<boolean>;

  /**
   * Deletes what can no longer matter: tokens expired at `now` and failure rows whose lock
   * has expired at `now` (the next failure would start again at one anyway), in `ns` or in
   * every namespace when it is undefined. At most `limit` rows per call, so one sweep's
   * work is bounded; call again while it returns `limit` rows.
   */
  sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult>;
  stats(): Promise<StoreStats>;

  /** forgets every namespace: back to the fixtures on the next request */
  reset(): Promise<void>;
  close(): Promise<void>;
}
