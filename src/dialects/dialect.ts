import type { ErrorObject } from 'ajv';
import type { ApiError } from '../core/api-error.js';
import type { ApiName, Ctx, HandlerResult, Step, WireResponse } from '../core/types.js';
import type { TokenCodec } from '../auth/tokens.js';

export type ValidationPlace = 'path' | 'query' | 'body';

/**
 * What a client of one API sees on the wire: its order of checks, its error bodies,
 * its status codes and content types. Generic machinery lives in pipeline/.
 */
export interface Dialect {
  readonly name: ApiName;
  /** the steps of a request, in this API's order; each may throw an ApiError */
  readonly steps: readonly Step[];
  renderError(err: ApiError, ctx: Ctx): HandlerResult;
  serialize(result: HandlerResult, ctx: Ctx): WireResponse;
  /** turns schema violations of a request into this API's own error */
  mapValidation(errors: ErrorObject[], place: ValidationPlace, data: unknown, order: readonly string[]): ApiError;
  /** where this API's clients put their token */
  readToken(ctx: Ctx): string | undefined;
  /** the format of this API's tokens */
  readonly tokens: TokenCodec;
  /** the error a caller gets when the operation's permission is not met */
  notAuthorized(ctx: Ctx): ApiError;
  /** the API's own 500, with a report id for the log */
  internalError(reportId: string): ApiError;
}
