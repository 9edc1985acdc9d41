/** A user, as the identity file or the control API gives it (the password in clear, once). */
export interface UserInput {
  username: string;
  password: string;
  scopes: string[];
  claims: Record<string, unknown>;
}

export interface ApiKeyInput {
  key: string;
  /** whose key it is: the caller is that user, with the key's scopes */
  user?: string;
  scopes: string[];
}

export interface ClientInput {
  clientId: string;
  /** none: a public client (PKCE, no client authentication) */
  clientSecret?: string;
  scopes: string[];
  grantTypes: string[];
  redirectUris: string[];
}
