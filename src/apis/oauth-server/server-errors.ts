import { ApiError } from '../../core/api-error.js';
import type { HandlerResult } from '../../core/types.js';
import type { OAuthError } from '../../auth/oauth2/oauth-error.js';

/** What the server answers outside a grant's own refusals: as RFC 6749 §5.2's JSON, with an HTTP status of its own. */
export const SERVER_ERRORS = {
  NOT_FOUND: { status: 404, error: 'not_found' },
  METHOD_NOT_ALLOWED: { status: 405, error: 'invalid_request' },
  INVALID_REQUEST: { status: 400, error: 'invalid_request' },
  BODY_TOO_LARGE: { status: 413, error: 'invalid_request' },
  UNAVAILABLE: { status: 503, error: 'temporarily_unavailable' },
  INTERNAL: { status: 500, error: 'server_error' },
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

export class ServerApiError extends ApiError<ServerErrorCode> {
  constructor(
    readonly api: string,
    code: ServerErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code, { description });
  }
}

/** Token responses and errors are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function renderServerError(err: ServerApiError): HandlerResult {
  const def = SERVER_ERRORS[err.code];
  return {
    status: def.status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE, ...err.headers },
    body: { error: def.error, error_description: err.description },
  };
}

/** A grant's refusal (RFC 6749 §5.2): 400, or 401 with a Basic challenge for a client that failed to authenticate. */
export function oauthErrorResult(err: OAuthError, realm: string): HandlerResult {
  const challenge: Record<string, string> =
    err.code === 'invalid_client' ? { 'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"` } : {};
  return {
    status: err.status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE, ...challenge },
    body: { error: err.code, error_description: err.description },
  };
}
