import type { ErrorObject } from 'ajv';
import type { HandlerResult, WireResponse } from '../core/types.js';
import type { ApiError } from '../core/api-error.js';
import type { SecurityDecision } from '../auth/authenticate.js';
import type { Authenticated, Authorized, Decoded, Incoming, NamespaceView, Routed, Validated } from './stages.js';
import type { RouteMatch } from './router.js';
import type { ValidationPlace } from './trace.js';

/** Why the request did not match the spec, for the API to word as it does. */
export interface ValidationFailure {
  place: ValidationPlace;
  errors: ErrorObject[];
  data: unknown;
  /** the schema's property order, for errors listed the API's way */
  order: readonly string[];
}

/** A refusal of the security requirements, or of an owner rule (a 403 in RFC 6750 terms). */
export type Refusal = Exclude<SecurityDecision, { allowed: true }> | { allowed: false; reason: 'not_owner'; param: string };

/**
 * The generic steps of one request, bound to its API and namespace. A dialect calls them
 * in its API's order, with its own steps between; each returns the next stage. What they
 * find is written down for the journal as they go (the trace); the dialect never sees it.
 */
export interface Kit {
  readonly req: Incoming;
  readonly ns: NamespaceView;
  /** the answer's format once the API negotiated it (the commerce platform's XML) */
  respondAs(format: 'json' | 'xml'): void;
  /** the operation at `path` (the API's own path, prefix and scope removed); steering may answer at once here */
  route(path: string, scope?: string): RouteMatch | Promise<RouteMatch>;
  /** reads each credential the operation accepts once (the body too, where a scheme reads it) and verifies it */
  authenticate(routed: Routed, decoded?: Decoded): Promise<Authenticated>;
  /** the security requirements and the owner rule; a refusal is the API's to word */
  authorize(authenticated: Authenticated): Authorized | Refusal;
  /** an API's own rule refused the caller after the requirements held (the commerce store rule) */
  deny(authorized: Authorized): void;
  /** parameters and body against the spec; `cast` rewrites path values first (the platform's PHP casts) */
  validate(authorized: Authorized, decoded: Decoded): Validated | ValidationFailure;
  /** the handler's answer, a steering rule's, the spec's example or one made from its schema */
  answer(validated: Validated): HandlerResult | Promise<HandlerResult>;
}

/**
 * What a client of one API sees on the wire: its order of checks, its error bodies, its
 * status codes and content types. The generic machinery lives in the kit.
 */
export interface Dialect {
  /** the request from start to answer, in this API's order; any failure is thrown as this API's ApiError */
  run(kit: Kit): Promise<HandlerResult>;
  /** renders this dialect's errors; any other error is reported and rendered as its 500 */
  renderError(err: ApiError, format: 'json' | 'xml'): HandlerResult;
  /** the answer on the wire; `json` is the JSON encoder to use (it may remember the text of bodies that never change) */
  serialize(result: HandlerResult, format: 'json' | 'xml', json: (value: unknown) => string): WireResponse;
  /** the API's own 500, with a report id for the log (and the cause in developer mode) */
  internalError(reportId: string, detail?: string): ApiError;
  /** a body over the limit, answered before the pipeline runs */
  bodyTooLarge(limit: number): ApiError;
  /** the API's own 503 while the store cannot be written (disk full, Redis away); absent: the 500 */
  unavailable?(): ApiError;
}
