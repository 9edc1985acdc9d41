import type { SecretDigester } from '../secrets.js';

/** An OAuth client as the authorization server sees it: whose spec it belongs to, what it may do. */
export interface OAuthClient {
  /** the spec (API) the client was registered for: its tokens' audience */
  api: string;
  clientId: string;
  /** undefined: a public client (no secret; PKCE for codes) */
  secretDigest?: Buffer;
  scopes: readonly string[];
  grantTypes: readonly string[];
  redirectUris: readonly string[];
}

/** A resource owner of a spec. */
export interface OAuthUser {
  api: string;
  username: string;
  passwordDigest: Buffer;
  scopes: readonly string[];
  claims: Readonly<Record<string, unknown>>;
}

/**
 * Who the authorization server of one namespace knows: the clients and users of every
 * spec it serves (from their identity files and the control API). A client id may exist
 * in several specs; each candidate is tried.
 */
export interface OAuthParties {
  clients(clientId: string): Promise<OAuthClient[]>;
  user(api: string, username: string): Promise<OAuthUser | undefined>;
  /** every user of a spec, in the order they were listed (the login page's default user is the first) */
  users(api: string): Promise<OAuthUser[]>;
  secrets: SecretDigester;
}

/** Scopes that belong to OpenID Connect and refresh tokens, not to a spec: any client may ask for them. */
export const PROTOCOL_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

export const isProtocolScope = (s: string) => (PROTOCOL_SCOPES as readonly string[]).includes(s);
