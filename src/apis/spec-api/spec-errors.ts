import { ApiError } from '../../core/api-error.js';
import type { Operation } from '../../core/types.js';

/** A user spec's failures, each an HTTP status and a problem+json title and detail (RFC 9457). */
export const SPEC_ERRORS = {
  NOT_FOUND: { status: 404, title: 'Not Found', detail: 'no operation of %api at %method %path' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed', detail: '%method is not allowed at %path (allowed: %allowed)' },
  UNAUTHENTICATED: { status: 401, title: 'Unauthorized', detail: '%reason' },
  FORBIDDEN: { status: 403, title: 'Forbidden', detail: '%reason' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported Media Type',
    detail: '%type is not a request type of this operation (declared: %declared)',
  },
  MALFORMED_BODY: { status: 400, title: 'Bad Request', detail: 'the body is not valid %type' },
  TOO_DEEP: { status: 400, title: 'Bad Request', detail: 'the JSON body nests deeper than %max levels' },
  INVALID_REQUEST: { status: 400, title: 'Bad Request', detail: 'the request does not match the spec: %problem' },
  NO_SUCH_OBJECT: { status: 404, title: 'Not Found', detail: 'no %collection with id %id' },
  OBJECT_EXISTS: { status: 409, title: 'Conflict', detail: 'a %collection with id %id exists already' },
  NOT_YOURS: { status: 403, title: 'Forbidden', detail: '%collection %id is not yours to change' },
  LOGIN_FAILED: { status: 401, title: 'Unauthorized', detail: 'wrong username or password' },
  BODY_TOO_LARGE: { status: 413, title: 'Content Too Large', detail: 'the body is larger than %limit bytes' },
  UNAVAILABLE: { status: 503, title: 'Service Unavailable', detail: 'the state store is unavailable; try again shortly' },
  INTERNAL: { status: 500, title: 'Internal Server Error', detail: 'report id %reportId' },
} satisfies Record<string, { status: number; title: string; detail: string }>;

export type SpecErrorCode = keyof typeof SPEC_ERRORS;

/** Extra things an error carries to its answer: the operation (whose declared responses win) and headers. */
export interface SpecErrorContext {
  op?: Operation;
  /** the status to answer instead of the table's (a 422 the spec declares for invalid input) */
  status?: number;
  headers?: Record<string, string>;
  /** problem+json extension members (the validation errors) */
  extra?: Record<string, unknown>;
}

export class SpecApiError extends ApiError<SpecErrorCode> {
  constructor(
    readonly api: string,
    code: SpecErrorCode,
    params: Record<string, unknown> = {},
    readonly context: SpecErrorContext = {},
  ) {
    super(code, params);
  }
}
