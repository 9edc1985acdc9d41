import type { IncomingHttpHeaders } from 'node:http';
import type { ValidateFunction } from 'ajv';

/**
 * Types every layer shares. This file imports nothing of authmock's own: the store, the
 * pipeline and the API modules are built on it, never the other way round.
 */

/** Who may call an operation, read from the spec's `x-authmock-permission`. */
export type Permission = { kind: 'anonymous' } | { kind: 'self' } | { kind: 'token' } | { kind: 'acl'; resources: string[] };

/** What a caller may reach: ACL resources (admins, integrations) and whether it acts for itself (customers). */
export interface Access {
  resources?: 'all' | ReadonlySet<string>;
  selfService: boolean;
}

/**
 * The caller as authentication found it. A bad or missing token makes a guest. A user
 * carries its identity, read once, so handlers need not read it again.
 */
export type Principal =
  | { kind: 'guest' }
  | {
      kind: 'user';
      /** the API module's own name for the kind of caller: customer, admin, social, ... */
      userType: string;
      userId: string;
      /** the token that authenticated the request, when it was a token */
      tokenId?: number;
      access: Access;
      /** the module's identity record (typed by the module that made it) */
      identity: unknown;
    };

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
  api: string;
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
  payload: string;
}
