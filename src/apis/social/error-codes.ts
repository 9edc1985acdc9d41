import { ApiError } from '../../core/api-error.js';

/**
 * The social login API's failures: an HTTP status and {status: false, message}
 * (docs/decisions.md). Texts of the login failures are SocialEngine's own.
 */
export interface SocialErrorDef {
  status: number;
  message: string;
}

export const SOCIAL_ERRORS = {
  ROUTE_NOT_FOUND: { status: 404, message: 'The requested API route does not exist.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'The %method method is not allowed here. Use %allowed.' },
  MISSING_FIELDS: { status: 400, message: 'Missing required parameters: %fields.' },
  INVALID_FIELD: { status: 400, message: 'Invalid value for parameter %field.' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be parsed as %type.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported Content-Type %type. Send application/json, application/x-www-form-urlencoded or multipart/form-data.',
  },
  BODY_TOO_LARGE: { status: 413, message: 'Request body is larger than %limit bytes.' },
  INVALID_API_CREDENTIALS: { status: 401, message: 'Invalid API credentials.' },
  INVALID_CREDENTIALS: {
    status: 401,
    message: 'The credentials you have supplied are invalid. Please check your email and password, and try again.',
  },
  NOT_VERIFIED: { status: 403, message: 'This account still requires either email verification or admin approval.' },
  NOT_APPROVED: { status: 403, message: 'This account still requires admin approval.' },
  TOKEN_REQUIRED: { status: 401, message: 'The userToken is missing, invalid or revoked.' },
  // authmock's own: its state cannot be written (disk full, I/O error); it recovers by itself.
  UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again later.' },
  INTERNAL: { status: 500, message: 'Internal server error. Report ID: %reportId' },
} satisfies Record<string, SocialErrorDef>;

export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

/** An error of the social dialect: only the codes above compile. */
export class SocialError extends ApiError<SocialErrorCode> {
  readonly api = 'social';
}

export function socialError(code: SocialErrorCode, params?: Record<string, unknown>, detail?: string): SocialError {
  return new SocialError(code, params, detail);
}
