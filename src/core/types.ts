import type { IncomingHttpHeaders } from 'node:http';
import type { ValidateFunction } from 'ajv';

/**
 * Types every layer shares. This file imports nothing of authmock's own: the store, the
 * pipeline and the API modules are built on it, never the other way round.
 */

/** Who may call an operation, read from the spec's `x-authmock-permission`. */
export type Permission = { kind: 'anonymous' } | { kind: 'self' } | { kind: 'token' } | { kind: 'acl'; resources: string[] };

/** The permissions a caller holds: scopes, roles or ACL resources; `all` holds every one. */
export type Scopes = ReadonlySet<string> | 'all';

/**
 * The caller as authentication found it. A bad or missing credential makes a guest; the
 * security requirements decide what a guest gets. A user carries its identity, read once,
 * so handlers need not read it again.
 */
export type Principal =
  | { kind: 'guest' }
  | {
      kind: 'user';
      /** the kind of caller: customer, admin, integration, social, user, client, ... */
      userType: string;
      userId: string;
      /**
       * who the caller is, stable across its credentials: what a stored object's owner is
       * (a user's username, a client's id, an API key's user, else the key's id)
       */
      subject: string;
      /** the token that authenticated the request, when it was a token */
      tokenId?: number;
      /** what it may do: `self` for a caller acting for itself, ACL resources, OAuth scopes, roles */
      scopes: Scopes;
      /** what an owner rule compares with (`username`, `sub`, `email`, ...) */
      claims?: Readonly<Record<string, unknown>>;
      /** the API's identity record (typed by the code that made it) */
      identity: unknown;
    };

/** One flow of an oauth2 scheme, as the spec declares it. */
export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** the scope names the flow defines */
  scopes: readonly string[];
}

/** A security scheme of a spec, as authmock verifies it (src/spec/security-model.ts). */
export type SecurityScheme =
  | {
      name: string;
      type: 'apiKey';
      in: 'header' | 'query' | 'cookie';
      param: string;
      verifier?: 'token' | 'oauth1';
      /** the word before the key in an `Authorization` header (Okta's `SSWS <key>`) */
      prefix?: string;
    }
  | { name: string; type: 'http'; scheme: 'basic' }
  | { name: string; type: 'http'; scheme: 'bearer'; bodyField?: string; params?: readonly string[] }
  | { name: string; type: 'oauth2'; flows: Readonly<Record<string, OAuthFlow>>; params?: readonly string[] }
  | { name: string; type: 'openIdConnect'; url: string; params?: readonly string[] }
  | { name: string; type: 'unsupported'; declared: string };

/**
 * One security requirement: every scheme it names must be satisfied, each by a credential
 * holding its scopes (AND). An operation lists requirements of which one must hold (OR);
 * an empty requirement makes authentication optional, an empty list leaves it open.
 */
export type SecurityRequirement = readonly { readonly scheme: string; readonly scopes: readonly string[] }[];

/** An operation only the owner of a resource may call: a path or query parameter equal to a claim of the caller. */
export interface OwnerRule {
  param: string;
  claim: string;
}

export interface MediaValidators {
  /** media type (lower case, no parameters) -> validator of the decoded body */
  byType: Map<string, ValidateFunction>;
  /** media type -> the body schema's property order, for errors listed the API's way */
  order: Map<string, string[]>;
  /** media type -> its examples: the unnamed one first (`first`), then by name */
  examples: Map<string, MediaExamples>;
  /** media type -> where its schema is in the spec (a JSON pointer), for generated samples */
  schemaAt: Map<string, string>;
}

export interface MediaExamples {
  first?: unknown;
  named: Readonly<Record<string, unknown>>;
}

export interface ParamValidator {
  validate: ValidateFunction;
  names: string[];
  /** each parameter's schema type ('integer', 'string', ...), where it declares one */
  types: Record<string, string | undefined>;
  /** the parameters whose text must be taken apart before validation (arrays, objects, label and matrix); undefined: none */
  shapes?: readonly ParamShape[];
}

/** How one parameter's text becomes its value (OpenAPI 3.1 §4.8.12.4, style and explode). */
export interface ParamShape {
  name: string;
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix';
  explode: boolean;
  kind: 'primitive' | 'array' | 'object';
  /** an object's declared properties (read as separate query parameters under form and explode) */
  properties: readonly string[];
}

export interface ParamInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** the schema's type ('integer', 'string', ...), where it declares one */
  type?: string;
  /** its example: the parameter's, else its schema's */
  example?: unknown;
  /** its schema's default: what the server assumes when the request leaves it out */
  default?: unknown;
}

export interface Example {
  status: number;
  body: unknown;
}

/** One operation of a spec, compiled once at start-up and immutable afterwards. */
export interface Operation {
  api: string;
  operationId: string;
  method: string;
  path: string;
  pointer: string;
  /** the built-in APIs' `x-authmock-permission`, kept for their own messages; evaluation uses `security` */
  permission?: Permission;
  /** OR of requirements, each an AND of schemes with their scopes (x-authmock-permission and identity-file scopes included) */
  security: readonly SecurityRequirement[];
  /** the scheme names `security` uses, each once, in order (read for every request: computed once) */
  schemes: readonly string[];
  /** what it asks of its caller, in words for the journal and the request log (`self`, `bearerAuth[read] or api_key`) */
  required: string;
  /** only the owner of the named resource may call it (from the identity file) */
  owner?: OwnerRule;
  /** declared parameters, for samples and the checker */
  params: readonly ParamInfo[];
  extension?: string;
  pathParams?: ParamValidator;
  queryParams?: ParamValidator;
  /** declared header parameters, by their names as declared (read case-insensitively) */
  headerParams?: ParamValidator;
  /** declared cookie parameters, read from the Cookie header */
  cookieParams?: ParamValidator;
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

export interface RequestInput {
  method: string;
  /** path without the query string */
  path: string;
  query: URLSearchParams;
  /** the request target exactly as received (path and raw query, any namespace prefix included) */
  target?: string;
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
  payload: string | Buffer;
}
