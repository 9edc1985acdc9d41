import type { ErrorObject } from 'ajv';
import type { ApiError } from '../core/api-error.js';
import type { HandlerResult, WireResponse } from '../core/types.js';
import type { Ctx, Step } from './context.js';

export type ValidationPlace = 'path' | 'query' | 'body';

/**
 * What a client of one API sees on the wire: its order of checks, its error bodies,
 * its status codes and content types. Generic machinery lives in pipeline/.
 */
export interface Dialect {
  /** the steps of a request, in this API's order; each may throw an ApiError */
  readonly steps: readonly Step[];
  /** renders this dialect's errors; any other error is reported and rendered as its 500 */
  renderError(err: ApiError, ctx: Ctx): HandlerResult;
  serialize(result: HandlerResult, ctx: Ctx): WireResponse;
  /** turns schema violations of a request into this API's own error */
  mapValidation(errors: ErrorObject[], place: ValidationPlace, data: unknown, order: readonly string[]): ApiError;
  /** where this API's clients put their token */
  readToken(ctx: Ctx): string | undefined;
  /** the error a caller gets when the operation's permission is not met */
  notAuthorized(ctx: Ctx): ApiError;
  /** the API's own 500, with a report id for the log (and the cause in developer mode) */
  internalError(reportId: string, detail?: string): ApiError;
  /** a body over the limit, answered before the pipeline runs */
  bodyTooLarge(limit: number): ApiError;
}
