import type { Ctx, HandlerResult, WireResponse } from '../../core/types.js';
import { ApiError } from '../../core/api-error.js';
import type { Dialect } from '../dialect.js';
import { socialTokens, readBearer } from '../../auth/tokens.js';
import { authenticate } from '../../pipeline/authenticate.js';
import { authorize } from '../../pipeline/authorize.js';
import { validateRequest } from '../../pipeline/validate-request.js';
import { invokeHandler } from '../../pipeline/invoke-handler.js';
import { routeSocial } from './route.js';
import { decodeSocialBody } from './decode-body.js';
import { mapSocialValidation } from './map-validation.js';
import { SOCIAL_ERRORS, type SocialErrorCode } from './error-codes.js';

/**
 * The social login API: the body is read first (the token may travel in it), then the
 * token, the permission, the fields, and the handler.
 */
export const socialDialect: Dialect = {
  name: 'social',
  steps: [routeSocial, decodeSocialBody, authenticate, authorize, validateRequest, invokeHandler],
  renderError(err: ApiError): HandlerResult {
    const def = SOCIAL_ERRORS[err.code as SocialErrorCode] ?? SOCIAL_ERRORS.INTERNAL;
    const message = def.message.replace(/%([A-Za-z]+)/g, (whole, name) => (name in err.params ? String(err.params[name]) : whole));
    const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
    return { status: def.status, headers, body: { status: false, message } };
  },
  serialize(result: HandlerResult): WireResponse {
    return {
      status: result.status,
      headers: { 'Content-Type': 'application/json', ...result.headers },
      payload: JSON.stringify(result.body),
    };
  },
  mapValidation: mapSocialValidation,
  readToken(ctx: Ctx): string | undefined {
    const bearer = readBearer(ctx.req.headers.authorization);
    if (bearer) return bearer;
    const fromQuery = ctx.req.query.get('userToken');
    if (fromQuery) return fromQuery;
    const fromBody = (ctx.body as Record<string, unknown> | undefined)?.userToken;
    return typeof fromBody === 'string' ? fromBody : undefined;
  },
  tokens: socialTokens,
  notAuthorized: () => new ApiError('TOKEN_REQUIRED'),
  internalError: (reportId) => new ApiError('INTERNAL', { reportId }),
};
