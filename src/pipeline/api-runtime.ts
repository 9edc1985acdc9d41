import type { ValidateFunction } from 'ajv';
import type { Operation, Principal } from '../core/types.js';
import type { Identity, TokenRecord } from '../store/store.js';
import type { SecretDigester } from '../auth/secrets.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Dialect } from './dialect.js';
import type { Ctx, Handler } from './context.js';
import type { Router } from './router.js';

/** What an API module is given at start-up to build its parts. */
export interface ModuleSetup {
  /** the parsed fixture file of the module (null when it has none) */
  fixtures: unknown;
  /** the fixture file's path, for error messages */
  fixtureFile: string;
  /** the strict validator of `#/components/schemas/<name>` of the module's spec */
  schema(name: string): ValidateFunction;
  secrets: SecretDigester;
  config: Readonly<Config>;
}

/** An API module's parts, built once per runtime: no state outlives the runtime. */
export interface ApiParts {
  dialect: Dialect;
  /** keyed by operationId; an operation without one serves its spec example */
  handlers: Readonly<Record<string, Handler>>;
  tokens: TokenCodec;
  /** the identities a new or reset namespace starts with */
  seed: readonly Identity[];
  /** a live token's caller, its identity read from the store; undefined: a guest */
  resolvePrincipal(record: TokenRecord, ctx: Ctx): Promise<Principal | undefined>;
  /** lines for the start banner: the default accounts */
  describeAccounts?(): string[];
}

/** One API as served: its module, routes, operations and parts. */
export interface ApiRuntime extends ApiParts {
  readonly name: string;
  readonly prefix: string;
  readonly servedAt: string;
  readonly router: Router;
  readonly operations: readonly Operation[];
  readonly handlers: Readonly<Record<string, Handler>>;
}
