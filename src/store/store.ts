import type { ApiName } from '../core/types.js';

export type UserType = 'customer' | 'admin' | 'social';

export interface TokenRecord {
  /** the token's public part; assigned by the store, increasing */
  id: number;
  api: ApiName;
  /** SHA-256 of the token's secret part: the token itself is never stored */
  verifierHash: string;
  userType: UserType;
  userId: number;
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

/**
 * Everything mutable the mock keeps. Asynchronous so that a networked backend can be
 * added without touching handlers; the embedded ones answer at once.
 */
export interface Store {
  readonly kind: string;
  /** stores a new token and returns its id, once it is stored for good */
  saveToken(record: Omit<TokenRecord, 'id'>): Promise<number>;
  findToken(api: ApiName, id: number): Promise<TokenRecord | undefined>;
  /** revokes every token of one user; returns how many were revoked */
  revokeUserTokens(api: ApiName, userType: UserType, userId: number): Promise<number>;
  revokeToken(api: ApiName, id: number): Promise<boolean>;
  getLoginFailures(api: ApiName, userType: UserType, username: string): Promise<LoginFailures | undefined>;
  setLoginFailures(api: ApiName, userType: UserType, username: string, value: LoginFailures): Promise<void>;
  clearLoginFailures(api: ApiName, userType: UserType, username: string): Promise<void>;
  /** forgets all tokens and counters: back to the fixtures */
  reset(): Promise<void>;
  close(): Promise<void>;
}
