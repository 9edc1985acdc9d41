/**
 * The store cannot serve a request right now (Redis unreachable or refusing writes, a
 * full disk): not the client's fault and not a bug. The pipeline answers it with the
 * API's own 503 and the next request tries again, so service resumes by itself.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  /** as SQLite's errors carry theirs, so one check in the pipeline covers both */
  readonly code = 'STORE_UNAVAILABLE';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isStoreUnavailable(err: unknown): err is StoreUnavailableError {
  return err instanceof StoreUnavailableError;
}
