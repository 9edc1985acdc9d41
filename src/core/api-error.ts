/**
 * The one error type of the pipeline: a code from a dialect's registry plus its
 * parameters. It is abstract: each dialect declares its own subclass over the closed
 * union of its codes, so a code the dialect does not know does not compile. The dialect
 * turns it into the wire format; nothing else renders errors.
 */
export abstract class ApiError<C extends string = string> extends Error {
  /** the API whose dialect defines the code */
  abstract readonly api: string;
  /** why, in words for the journal and the request log, where the answer does not tell (a locked name and a wrong password look alike) */
  reason?: string;

  constructor(
    readonly code: C,
    readonly params: Record<string, unknown> = {},
    /** Extra detail shown only in developer mode (never secrets). */
    readonly detail?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }

  /** the same error, with the reason the request log and the journal give */
  because(reason: string): this {
    this.reason = reason;
    return this;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
