import type { HandlerResult, Operation, Principal, RandomSource, RequestInput, Clock } from '../core/types.js';
import type { Store } from '../store/store.js';
import type { Logger } from '../log/create-logger.js';
import type { Config } from '../config.js';
import type { SecretDigester } from '../auth/secrets.js';
import type { ApiRuntime } from './api-runtime.js';

/** What steps and handlers may use besides the request: passed in, never imported. */
export interface Services {
  store: Store;
  /** the real clock; time inside a namespace is `ctx.ns.now()` */
  clock: Clock;
  random: RandomSource;
  config: Readonly<Config>;
  log: Logger;
  secrets: SecretDigester;
}

/** The settings in force in a namespace: its own overrides over the start-up ones. */
export interface EffectiveSettings {
  lockout: { maxFailures: number; seconds: number };
  /** user type -> seconds; undefined: never expires */
  tokenLifetimes: Record<string, number | undefined>;
}

/** The namespace a request runs in, read once per request. */
export interface NamespaceView {
  readonly name: string;
  /** the namespace's time: the real clock plus its offset */
  now(): number;
  readonly settings: EffectiveSettings;
}

export interface Ctx {
  readonly req: RequestInput;
  readonly services: Services;
  readonly api: ApiRuntime;
  readonly ns: NamespaceView;
  op?: Operation;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  bodyMediaType?: string;
  /** a part of the URL that scopes the request (the commerce store code) */
  scope?: string;
  /** media type the answer will be rendered as */
  responseType: 'json' | 'xml';
  principal: Principal;
  result?: HandlerResult;
}

/** A named step of a request; it may throw the dialect's ApiError. */
export type Step = (ctx: Ctx) => void | Promise<void>;

/** A handler: a function of the request that returns the answer and never touches `res`. */
export type Handler = (ctx: Ctx) => HandlerResult | Promise<HandlerResult>;

/** The operation a step after routing works on; routing guarantees it. */
export function operationOf(ctx: Ctx): Operation {
  if (!ctx.op) throw new Error('step ran before routing found the operation');
  return ctx.op;
}
