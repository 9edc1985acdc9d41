/**
 * The one error type of the pipeline: a code from a dialect's registry plus its
 * parameters. The dialect turns it into the wire format; nothing else renders errors.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    /** Extra detail shown only in developer mode (never secrets). */
    readonly detail?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
