import type { Clock, HandlerResult, Operation, Principal, RandomSource, RequestInput } from '../core/types.js';
import type { OAuthSettings, Store } from '../store/store.js';
import type { Config } from '../config.js';
import type { SecretDigester } from '../auth/secrets.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Authentication } from '../auth/authenticate.js';
import type { Logger } from '../log/create-logger.js';
import type { KeyRing } from '../auth/oauth2/key-ring.js';
import type { AuthInfo } from './trace.js';

/**
 * The stages a request passes, each the typed result of one step: routed → authenticated
 * → authorized → validated → answered. A step takes the stage before it and returns the
 * next, or fails with the API's own error; none reaches back into what listed it.
 */

/** The request as received (path without the query; the namespace prefix removed). */
export type Incoming = RequestInput;

/** Routing found the operation. */
export interface Routed {
  readonly op: Operation;
  /** raw path parameters, URL-decoded */
  readonly pathParams: Readonly<Record<string, string>>;
  /** a part of the URL that scopes the request (the commerce store code) */
  readonly scope?: string;
}

/** Every credential the operation accepts was read once and verified. */
export interface Authenticated extends Routed {
  readonly authn: Authentication;
}

/** The security requirements, and the API's own rules, let the caller in. */
export interface Authorized extends Authenticated {
  readonly principal: Principal;
}

/** A request body as the API decoded it. */
export interface Decoded {
  readonly body?: unknown;
  /** the media type whose schema the body is checked against */
  readonly mediaType?: string;
}

/** Parameters and body checked against the spec (coerced where the API coerces). */
export interface Validated extends Omit<Authorized, 'pathParams'> {
  readonly pathParams: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly mediaType?: string;
}

/** What steps and handlers may use besides the request: passed in, never imported. */
export interface Services {
  store: Store;
  /** the real clock; time inside a namespace is `ns.now()` */
  clock: Clock;
  random: RandomSource;
  config: Readonly<Config>;
  log: Logger;
  secrets: SecretDigester;
  /** the authorization servers' signing keys, imported once per runtime */
  keyRing: KeyRing;
}

/** The settings in force in a namespace: its own overrides over the start-up ones. */
export interface EffectiveSettings {
  lockout: { maxFailures: number; seconds: number };
  /** user type -> seconds; undefined: never expires */
  tokenLifetimes: Record<string, number | undefined>;
  /** the namespace's authorization server (absent fields: its defaults) */
  oauth: OAuthSettings;
}

/** The namespace a request runs in, read once per request. */
export interface NamespaceView {
  readonly name: string;
  /** the namespace's time: the real clock plus its offset */
  now(): number;
  readonly settings: EffectiveSettings;
  /** a shared store's version of the namespace (NamespaceRecord.version): what others keep of it holds while it does */
  readonly version?: string;
}

/** What a handler is called with: the validated request, where it runs, and the API's own tools. */
export interface Call extends Validated {
  readonly req: Incoming;
  readonly ns: NamespaceView;
  readonly services: Services;
  readonly api: { readonly name: string; readonly tokens: TokenCodec };
  /** what the handler found out about the caller, for the journal (the OAuth server's client and grant) */
  note(found: { principal?: Principal; auth?: AuthInfo; change?: string }): void;
}

/** A handler: a function of the request that returns the answer and never touches `res`. */
export type Handler = (call: Call) => HandlerResult | Promise<HandlerResult>;
