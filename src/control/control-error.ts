import { ApiError } from '../core/api-error.js';

/** The control API's errors: application/problem+json (RFC 9457) with a `detail`. */
export const CONTROL_ERRORS = {
  BAD_REQUEST: { status: 400, title: 'Bad Request' },
  UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  NOT_FOUND: { status: 404, title: 'Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  BODY_TOO_LARGE: { status: 413, title: 'Content Too Large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type' },
  INTERNAL: { status: 500, title: 'Internal Server Error' },
  // the state store is away (Redis down, disk full); it passes by itself
  UNAVAILABLE: { status: 503, title: 'Service Unavailable' },
} as const;

export type ControlErrorCode = keyof typeof CONTROL_ERRORS;

export class ControlError extends ApiError<ControlErrorCode> {
  readonly api = 'control';
}

export function controlError(code: ControlErrorCode, detail: string, params: Record<string, unknown> = {}): ControlError {
  return new ControlError(code, { ...params, detail });
}

/** The problem document of an error. */
export function renderProblem(err: ControlError): { status: number; headers?: Record<string, string>; body: Record<string, unknown> } {
  const def = CONTROL_ERRORS[err.code];
  const body: Record<string, unknown> = { type: 'about:blank', title: def.title, status: def.status };
  if (typeof err.params.detail === 'string') body.detail = err.params.detail;
  if (Array.isArray(err.params.errors)) body.errors = err.params.errors;
  const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
  return { status: def.status, headers, body };
}
