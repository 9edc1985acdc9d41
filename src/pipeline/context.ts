import type { HandlerResult, Operation, Principal, RandomSource, RequestInput, Clock, WireResponse } from '../core/types.js';
import type { Store } from '../store/store.js';
import type { Logger } from '../log/create-logger.js';
import type { Config } from '../config.js';
import type { SecretDigester } from '../auth/secrets.js';
import type { ErrorObject } from 'ajv';
import type { ApiError } from '../core/api-error.js';
import type { TokenRecord } from '../store/store.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Router } from './router.js';
import type { AuthInfo, SteeredInfo } from '../journal/journal.js';
import type { FixedMemo } from './fixed-memo.js';

/** What steps and handlers may use besides the request: passed in, never imported. */
export interface Services {
  store: Store;
  /** the real clock; time inside a namespace is `ctx.ns.now()` */
  clock: Clock;
  random: RandomSource;
  config: Readonly<Config>;
  log: Logger;
  secrets: SecretDigester;
  /** JSON text and validation of answer bodies that never change, kept with them */
  memo: FixedMemo;
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
  readonly api: PipelineApi;
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
  /** how authentication went (the journal shows it); set by the authenticate steps */
  auth?: AuthInfo;
  /** the permission check's verdict; undefined: it did not run */
  permitted?: boolean;
  /** where the request broke the spec, set before the validation error is thrown (the request log names it) */
  invalid?: { place: ValidationPlace; field: string };
  /** a handler's own words for a refusal its answer does not tell apart, e.g. a locked-out login (the request log shows them) */
  refusal?: string;
  /** steering's say on this request (src/steering), when any rule exists */
  steer?: SteerHook;
  /** set when steering changed the answer: the rule, and the delay or fault the HTTP layer applies */
  steered?: SteeredInfo;
}

/** Steering's two moments in a request: right after routing, and instead of the handler. */
export interface SteerHook {
  /** an answer before any check (only rules that say `bypassAuth`) */
  beforeChecks(ctx: Ctx): HandlerResult | undefined;
  /** an answer instead of the handler's, once every real check passed */
  beforeHandler(ctx: Ctx): HandlerResult | undefined;
}

/**
 * What the steps use of the API a request runs through (ApiRuntime has it all). It lives
 * here, with Ctx and Dialect, because the three refer to each other: one file, no import circle.
 */
export interface PipelineApi {
  readonly name: string;
  readonly dialect: Dialect;
  readonly router: Router;
  readonly handlers: Readonly<Record<string, Handler>>;
  readonly tokens: TokenCodec;
  /** a live token's caller, its identity read from the store; undefined: a guest */
  resolvePrincipal(record: TokenRecord, ctx: Ctx): Promise<Principal | undefined>;
}

export type ValidationPlace = 'path' | 'query' | 'body';

/**
 * What a client of one API sees on the wire: its order of checks, its error bodies,
 * its status codes and content types. Generic machinery lives in pipeline/.
 */
export interface Dialect {
  /** the steps of a request, in this API's order; each may throw an ApiError */
  readonly steps: readonly Step[];
  /** renders this dialect's errors; any other error is reported and rendered as its 500 */
  renderError(err: ApiError, ctx: Ctx): HandlerResult;
  serialize(result: HandlerResult, ctx: Ctx): WireResponse;
  /** turns schema violations of a request into this API's own error */
  mapValidation(errors: ErrorObject[], place: ValidationPlace, data: unknown, order: readonly string[]): ApiError;
  /** where this API's clients put their token */
  readToken(ctx: Ctx): string | undefined;
  /** the error a caller gets when the operation's permission is not met */
  notAuthorized(ctx: Ctx): ApiError;
  /** the API's own 500, with a report id for the log (and the cause in developer mode) */
  internalError(reportId: string, detail?: string): ApiError;
  /** a body over the limit, answered before the pipeline runs */
  bodyTooLarge(limit: number): ApiError;
  /** the API's own 503 while the store cannot be written (disk full); absent: the 500 */
  unavailable?(): ApiError;
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
