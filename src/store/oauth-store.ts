// The authorization servers' state behind the Store (issue #27): signing keys, single-use
// codes, refresh-token families and revoked access tokens. Re-exported by store.ts.

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

/**
 * An access token the authorization server signed (a JWT), as the control API and the
 * inspector list it: who and what it was for, never the token itself. Kept until it expires,
 * the most recent ACCESS_RECORDS_KEPT of a namespace: a load test signing thousands a second
 * must not grow the state without bound.
 */
export const ACCESS_RECORDS_KEPT = 1000;

export interface AccessRecord {
  jti: string;
  /** the spec it was issued for (its audience) */
  api: string;
  userType: 'user' | 'client';
  /** its subject: a user's username, or the client's id for a client acting for itself */
  userId: string;
  clientId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
}

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
  /** notes a signed access token for the listing; a token is never refused for want of its record */
  recordAccess(args: { ns: string; access: AccessRecord }): Promise<void>;
  /** the signed access tokens of `ns` (of `api`) kept and not swept yet, by when they were issued, each with whether it was revoked */
  listAccess(args: { ns: string; api?: string }): Promise<(AccessRecord & { revoked: boolean })[]>;
}
