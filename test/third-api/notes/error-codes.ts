import { ApiError } from '../../../src/core/api-error.js';

/** The notes API's failures: a status and `{error, message}`. Only these codes compile. */
export const NOTES_ERRORS = {
  ROUTE_NOT_FOUND: { status: 404, message: 'No such route.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Use %allowed.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send application/json.' },
  MALFORMED_BODY: { status: 400, message: 'The body is not a JSON object.' },
  INVALID_BODY: { status: 400, message: 'Invalid request body: %problem.' },
  BODY_TOO_LARGE: { status: 413, message: 'The body is larger than %limit bytes.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Wrong username or password.' },
  TOKEN_REQUIRED: { status: 401, message: 'A valid token is required.' },
  UNAVAILABLE: { status: 503, message: 'Try again later.' },
  INTERNAL: { status: 500, message: 'Internal error %reportId.' },
} satisfies Record<string, { status: number; message: string }>;

export type NotesErrorCode = keyof typeof NOTES_ERRORS;

export class NotesError extends ApiError<NotesErrorCode> {
  readonly api = 'notes';
}

export function notesError(code: NotesErrorCode, params?: Record<string, unknown>, detail?: string): NotesError {
  return new NotesError(code, params, detail);
}
