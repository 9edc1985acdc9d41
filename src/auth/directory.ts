import type { TokenRecord } from '../store/store.js';
import type { TokenCodec } from './tokens.js';
import type { OauthDeps, OauthOptions } from './oauth1/index.js';
import type { IssuedFor, UserPrincipal, Verdict } from './verdict.js';

type Awaitable<T> = T | Promise<T>;

/**
 * What the verifiers look up for one API in one namespace. Each API builds its own from
 * its identities; a capability it lacks simply finds no one. Verifiers are keyed by scheme
 * type and never know which API they serve.
 */
export interface Directory {
  /** the namespace's time, for lifetimes */
  now(): number;
  /** the API names an oauth2 or openIdConnect scheme: the authorization server's tokens prove only those (provesScheme) */
  oauthSchemes?: boolean;
  /** tokens this API issued (opaque: an id and a verifier whose hash is stored) */
  tokens?: {
    codec: TokenCodec;
    find(id: number): Promise<TokenRecord | undefined>;
    /** the live token's caller; undefined when its identity is gone or disabled */
    principalOf(record: TokenRecord): Promise<UserPrincipal | undefined>;
    /** what the token was issued for, read from its record (undefined: it names nothing) */
    issuedFor?(record: TokenRecord): IssuedFor | undefined;
  };
  /**
   * JWT access tokens of the namespace's authorization server (RFC 9068), for oauth2 and
   * openIdConnect schemes; `requestUrl` is the URL as the client addressed it (the issuer is read from it)
   */
  jwt?(token: string, requestUrl: string): Promise<Verdict>;
  /** the holder of a static key: an API key, or (commerce, --integration-as-bearer) an integration's access token sent as a bearer */
  keyHolder?(value: string, sentAs: 'key' | 'token'): Promise<UserPrincipal | undefined>;
  /** a username and password, checked in constant time */
  passwordHolder?(username: string, password: string): Promise<UserPrincipal | 'unknown' | 'wrong-password'>;
  /** OAuth 1.0a signed requests (commerce integrations) */
  oauth1?: {
    deps: OauthDeps;
    options: OauthOptions;
    /** the accepted consumer's caller; undefined: a guest (an inactive integration) */
    principalOf(consumerKey: string): Awaitable<UserPrincipal | undefined>;
  };
}

/** The request as a signature covers it: what an OAuth 1.0a verifier needs beyond the header. */
export interface SignedRequest {
  method: string;
  /** the URL as the client addressed it */
  url: string;
  contentType?: string;
  body?: Buffer;
}
