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
  /** the store's secret key, for keyed token ids (kept with the state, so ids decode after a restart) */
  tokenKey: Buffer;
  config: Readonly<Config>;
  /** where the server is reached (`http://127.0.0.1:4010`), known once it listens */
  baseUrl(): string;
  /** JSON.stringify, kept with answer bodies that never change (src/pipeline/fixed-memo.ts) */
  json(value: unknown): string;
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
  /** the identities the control API manages, by the name in its URLs (`customers`) */
  identityKinds?: Readonly<Record<string, IdentityKind>>;
}

/** What the control API needs to create, change and show one kind of identity. */
export interface IdentityKind {
  /** the store's kind */
  readonly kind: string;
  /** the user type of the tokens it holds, when it logs in */
  readonly userType?: string;
  /** a reference in a URL that is not the id (an admin's username) as a lookup key */
  lookupKey?(ref: string): string;
  create(input: Record<string, unknown>, tools: IdentityTools): Promise<Identity>;
  update(current: Identity, patch: Record<string, unknown>, tools: IdentityTools): Identity;
  /** the identity as its API shows it, never with a secret */
  view(identity: Identity, now: number): Record<string, unknown>;
}

export interface IdentityTools {
  /** a new numeric id, above every id in use */
  nextId(): Promise<number>;
  /** the namespace's time */
  now(): number;
}

/** Input the control API refuses, with a message for the caller. */
export class IdentityInputError extends Error {
  override name = 'IdentityInputError';
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
