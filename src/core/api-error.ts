/**
 * The one error type of the pipeline: a code from a dialect's registry plus its
 * parameters. It is abstract: each dialect declares its own subclass over the closed
 * union of its codes, so a code the dialect does not know does not compile. The dialect
 * turns it into the wire format; nothing else renders errors.
 */
export abstract class ApiError<C extends string = string> extends Error {
  /** the API whose dialect defines the code */
  abstract readonly api: string;

  constructor(
    readonly code: C,
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
