import type { Identity } from '../store/store.js';
import type { SeedObjects } from './seed-objects.js';
import type { Collection } from '../spec/infer-collections.js';
import type { OwnershipPolicy } from '../auth/owner-rule.js';
import type { SpecModel } from '../spec/spec-model.js';
import type { SampleOf } from '../spec/samples.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Directory } from '../auth/directory.js';
import type { Dialect } from './dialect.js';
import type { Router } from './router.js';
import type { Handler, NamespaceView, Services } from './stages.js';

/** What the control API needs to create, change and show one kind of identity of an API. */
export interface IdentityKind {
  /** the store's kind */
  readonly kind: string;
  /** the user type of the tokens it holds, when it logs in */
  readonly userType?: string;
  /** a reference in a URL that is not the id (an admin's username) as a lookup key */
  lookupKey?(ref: string): string;
  /** the new identity, or it with a secret to show once (a generated API key) */
  create(input: Record<string, unknown>, tools: IdentityTools): Promise<Identity | IdentityCreated>;
  update(current: Identity, patch: Record<string, unknown>, tools: IdentityTools): Identity;
  /** the identity as its API shows it, never with a secret */
  view(identity: Identity, now: number): Record<string, unknown>;
}

/** A created identity, and what its answer shows once (a generated API key or client secret). */
export interface IdentityCreated {
  identity: Identity;
  /** shown in the 201 only: the secret the caller did not choose */
  reveal?: Record<string, unknown>;
}

export interface IdentityTools {
  /** a new numeric id, above every id in use */
  nextId(): Promise<number>;
  /** the namespace's time */
  now(): number;
  /** whether the API holds an identity of that kind and id in the namespace (an API key's user) */
  exists(kind: string, id: string): Promise<boolean>;
}

/** Input the control API refuses, with a message for the caller. */
export class IdentityInputError extends Error {
  override name = 'IdentityInputError';
}

/** An API's own parts, built once per runtime from its module: no state outlives the runtime. */
export interface ApiParts {
  readonly dialect: Dialect;
  /** keyed by operationId; an operation without one serves its spec example (or a sample of its schema) */
  readonly handlers: Readonly<Record<string, Handler>>;
  /** the tokens this API issues */
  readonly tokens: TokenCodec;
  /** the identities a new or reset namespace starts with */
  readonly seed: readonly Identity[];
  /** the objects its collections start with in a new or reset namespace */
  readonly seedObjects?: SeedObjects;
  /** what the verifiers look up, in one namespace */
  directory(ns: NamespaceView, services: Services): Directory;
  /** operations this configuration does not route (the platform's two-factor login without --admin-2fa) */
  readonly unserved?: ReadonlySet<string>;
  /** the identities the control API manages, by the name in its URLs (`customers`) */
  readonly identityKinds?: Readonly<Record<string, IdentityKind>>;
  /** a user spec's stored collections, each with who may touch its objects */
  readonly collections?: readonly ServedCollection[];
  /** lines for the start banner: the default accounts */
  describeAccounts?(): string[];
  /**
   * Whether an answer that breaks the spec is authmock's bug (the built-in APIs: the client
   * gets the API's 500) or the spec's (a user's spec whose example does not match its own
   * schema: served as written, with a warning).
   */
  readonly strictAnswers: boolean;
  /**
   * Some of its GET requests write (the authorization endpoint issues codes, signs with keys
   * it may make): none of its requests is answered from a kept namespace state
   * (src/http/serve-api.ts).
   */
  readonly writesOnRead?: boolean;
}

/** A collection of a user spec as served: what it is, and its owner rule's settings. */
export interface ServedCollection {
  readonly collection: Collection;
  readonly policy: OwnershipPolicy;
}

/** One API as served: its spec model, where it answers, its router and parts. */
export interface ServedApi extends ApiParts {
  readonly name: string;
  /** one of authmock's own APIs (commerce, social), not a user's spec */
  readonly builtIn: boolean;
  /** the kinds of token it issues, each with its own lifetime setting (`--<type>-token-lifetime`) */
  readonly userTypes: readonly string[];
  readonly model: SpecModel;
  /** how the banner shows where it is served (`/rest/V1/...`, `/v3/...`) */
  readonly servedAt: string;
  /** path prefixes whose requests are this API's, its own 404s included (`/rest`, `/socialapi`, `/v3`) */
  readonly claims: readonly string[];
  readonly router: Router;
  /** bodies made from the spec's schemas, for operations that show no example */
  readonly sample: SampleOf;
}
