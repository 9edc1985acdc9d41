/**
 * Everything mutable the mock keeps, per namespace: identities, tokens, login failures,
 * OAuth nonces, the namespace's clock offset and settings. Split by concern into narrow
 * interfaces, each taking one object argument, so a caller is handed only the part it
 * uses. Asynchronous, and every update that reads, computes and writes is one operation
 * here, so a networked backend (Redis) can make it atomic without any caller changing.
 * The shared suite (test/store) runs every operation against every implementation.
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

/** The seed a namespace is made from. */
export interface Seeding {
  ns: string;
  seed: readonly Identity[];
  seedHash: string;
}

export interface NamespaceStore {
  get(ns: string): Promise<NamespaceRecord | undefined>;
  /** creates the namespace with its seed identities unless it exists; returns the record either way */
  create(args: Seeding & { now: number }): Promise<NamespaceRecord>;
  /** back to the seed: identities, tokens, failures, nonces, OAuth state, clock offset and settings, in one step */
  reset(args: Seeding & { now: number }): Promise<NamespaceRecord>;
  /** writes the seed identities over those with the same ids, keeping the rest (fixtures changed) */
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

export type SigningAlg = 'RS256' | 'ES256';

/** A key a namespace's authorization server signs with (its JWKs as jose exports them). */
export interface SigningKey {
  kid: string;
  alg: SigningAlg;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: number;
  /** active: signs new tokens; retired: only verifies the tokens it signed */
  state: 'active' | 'retired';
  retiredAt?: number;
  /** the longest lifetime of a token it signed (ms): a retired key is published until retiredAt plus this */
  longestLifetimeMs: number;
}

/** An authorization code as issued (its value is kept only as a hash). */
export interface AuthorizationCode {
  api: string;
  clientId: string;
  userId: string;
  /** the redirect URI of the authorization request, when it named one (the token request must repeat it) */
  redirectUri?: string;
  scopes: string[];
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  nonce?: string;
  authTime: number;
  expiresAt: number;
}

/** A code taken for redemption: once only; a second take says it was used. */
export type CodeTake = { outcome: 'ok' | 'used'; code: AuthorizationCode } | { outcome: 'unknown' | 'expired' };

/** A refresh token (kept only as a hash) and the grant it belongs to. */
export interface RefreshToken {
  api: string;
  clientId: string;
  userType: 'user' | 'client';
  userId: string;
  scopes: string[];
  /** every refresh token of one grant: reusing a rotated one revokes all of them */
  family: string;
  issuedAt: number;
  expiresAt: number;
  authTime?: number;
  claims?: Record<string, unknown>;
  /** the access token issued beside it, revoked with its family */
  accessJti: string;
  accessExpiresAt: number;
}

export type RefreshState = 'current' | 'rotated' | 'revoked';

/** What using a refresh token did. */
export type RefreshUse =
  | { outcome: 'rotated'; previous: RefreshToken }
  /** a rotated token came back: its whole family is revoked now (RFC 9700 §4.14.2) */
  | { outcome: 'reused' | 'revoked' | 'unknown' | 'expired' | 'other-client' };

/**
 * The authorization servers' state, per namespace: signing keys, single-use codes,
 * refresh-token families and revoked access tokens. Every step that reads, decides and
 * writes is one operation, so servers sharing a Redis agree.
 */
export interface OAuthStore {
  getKey(args: { ns: string; kid: string }): Promise<SigningKey | undefined>;
  /** the key that signs new tokens of `alg`, if there is one yet */
  activeKey(args: { ns: string; alg: SigningAlg }): Promise<SigningKey | undefined>;
  listKeys(ns: string): Promise<SigningKey[]>;
  /**
   * Adds `key` as the active key of its algorithm: with `rotate`, the active one is retired
   * (at `now`); without, `key` is dropped when one is active already. Answers the active key.
   */
  addKey(args: { ns: string; key: SigningKey; rotate: boolean; now: number }): Promise<SigningKey>;
  /** the key signed a token this long-lived: its longest lifetime grows to at least it */
  extendKey(args: { ns: string; kid: string; lifetimeMs: number }): Promise<void>;
  saveCode(args: { ns: string; hash: string; code: AuthorizationCode }): Promise<void>;
  /** takes a code for redemption, once: a later take answers `used` */
  takeCode(args: { ns: string; hash: string; now: number }): Promise<CodeTake>;
  saveRefresh(args: { ns: string; hash: string; token: RefreshToken }): Promise<void>;
  /** rotates a current refresh token of `clientId` into `next`, in one step */
  useRefresh(args: {
    ns: string;
    hash: string;
    clientId: string;
    now: number;
    next: { hash: string; token: RefreshToken };
  }): Promise<RefreshUse>;
  findRefresh(args: { ns: string; hash: string }): Promise<{ token: RefreshToken; state: RefreshState } | undefined>;
  /** revokes a family: its refresh tokens and the access tokens issued beside them; answers how many refresh tokens it had */
  revokeFamily(args: { ns: string; family: string }): Promise<number>;
  /** an access token is refused from now until it expires */
  revokeAccess(args: { ns: string; jti: string; expiresAt: number }): Promise<void>;
  isRevoked(args: { ns: string; jti: string }): Promise<boolean>;
}

export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'redis';
  /**
   * the key passwords and secrets are digested with; kept with the state, so the stored
   * digests stay usable across restarts; it never leaves the store
   */
  readonly secretKey: Buffer;
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
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
