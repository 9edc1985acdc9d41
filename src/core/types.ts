import type { IncomingHttpHeaders } from 'node:http';
import type { ValidateFunction } from 'ajv';
import type { Store } from '../store/store.js';
import type { Logger } from '../log/create-logger.js';
import type { Fixtures } from '../fixtures/load-fixtures.js';
import type { Config } from '../config.js';
import type { SecretDigester } from '../auth/secrets.js';

export type ApiName = 'commerce' | 'social';

/** Who may call an operation, read from the spec's `x-authmock-permission`. */
export type Permission =
  | { kind: 'anonymous' }
  | { kind: 'self' }
  | { kind: 'token' }
  | { kind: 'acl'; resources: string[] };

/** The caller as authentication found it. A bad or missing token makes a guest. */
export type Principal =
  | { kind: 'guest' }
  | { kind: 'customer'; userId: number; tokenId: number }
  | { kind: 'admin'; userId: number; tokenId: number; resources: 'all' | ReadonlySet<string> }
  | { kind: 'social'; userId: number; clientApp: string; tokenId: number };

export interface MediaValidators {
  /** media type (lower case, no parameters) -> validator of the decoded body */
  byType: Map<string, ValidateFunction>;
  /** media type -> the body schema's property order, for errors listed the API's way */
  order: Map<string, string[]>;
}

export interface ParamValidator {
  validate: ValidateFunction;
  names: string[];
  /** each parameter's schema type ('integer', 'string', ...), where it declares one */
  types: Record<string, string | undefined>;
}

export interface Example {
  status: number;
  body: unknown;
}

/** One operation of a spec, compiled once at start-up and immutable afterwards. */
export interface Operation {
  api: ApiName;
  operationId: string;
  method: string;
  path: string;
  pointer: string;
  permission: Permission;
  extension?: string;
  pathParams?: ParamValidator;
  queryParams?: ParamValidator;
  requestBody?: { required: boolean; media: MediaValidators };
  /** status ('200', 'default', ...) -> validators of the response body per media type */
  responses: Map<string, MediaValidators>;
  example?: Example;
}

export interface Clock {
  now(): number;
}

export interface RandomSource {
  bytes(n: number): Buffer;
}

/** What every step and handler may use: passed in, never imported. */
export interface Services {
  store: Store;
  clock: Clock;
  random: RandomSource;
  config: Config;
  fixtures: Fixtures;
  log: Logger;
  secrets: SecretDigester;
}

export interface RequestInput {
  method: string;
  /** path without the query string */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody?: Buffer;
}

export interface HandlerResult {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** What goes on the wire: status, headers and a ready payload. */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  payload: string;
}

/** A handler: a function of the request that returns the answer and never touches `res`. */
export type Handler = (ctx: Ctx) => HandlerResult | Promise<HandlerResult>;

/** One API as served: its dialect, routes and handlers keyed by operationId. */
export interface ApiRuntime {
  readonly name: ApiName;
  readonly dialect: import('../dialects/dialect.js').Dialect;
  readonly router: import('../pipeline/router.js').Router;
  readonly handlers: ReadonlyMap<string, Handler>;
  readonly operations: readonly Operation[];
}

export interface Ctx {
  readonly req: RequestInput;
  readonly services: Services;
  readonly api: ApiRuntime;
  op?: Operation;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  bodyMediaType?: string;
  /** commerce: the store code from the URL */
  storeCode?: string;
  /** media type the answer will be rendered as */
  responseType: 'json' | 'xml';
  principal: Principal;
  result?: HandlerResult;
}

export type Step = (ctx: Ctx) => void | Promise<void>;
