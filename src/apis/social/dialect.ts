import type { HandlerResult, WireResponse } from '../../core/types.js';
import type { Ctx } from '../../pipeline/context.js';
import type { Dialect } from '../../pipeline/dialect.js';
import { readBearer } from '../../auth/tokens.js';
import { authenticate } from '../../pipeline/authenticate.js';
import { authorize } from '../../pipeline/authorize.js';
import { validateRequest } from '../../pipeline/validate-request.js';
import { invokeHandler } from '../../pipeline/invoke-handler.js';
import { routeSocial } from './route.js';
import { createDecodeBodyStep } from './decode-body.js';
import { mapSocialValidation } from './map-validation.js';
import { SOCIAL_ERRORS, SocialError, socialError } from './error-codes.js';

/** Every failure: an HTTP status and `{status: false, message}` (docs/social-api.md). */
export function renderSocialError(err: SocialError): HandlerResult {
  const def = SOCIAL_ERRORS[err.code];
  const message = def.message.replace(/%([A-Za-z]+)/g, (whole, name) => (name in err.params ? String(err.params[name]) : whole));
  const headers = err.code === 'METHOD_NOT_ALLOWED' ? { Allow: String(err.params.allowed) } : undefined;
  return { status: def.status, headers, body: { status: false, message } };
}

/**
 * The social login API: the body is read first (the token may travel in it), then the
 * token, the permission, the fields, and the handler.
 */
export function createSocialDialect(json: (value: unknown) => string = JSON.stringify): Dialect {
  return {
    steps: [routeSocial, createDecodeBodyStep(), authenticate, authorize, validateRequest, invokeHandler],
    renderError(err) {
      if (!(err instanceof SocialError)) throw new TypeError(`not a social error: ${err.code}`);
      return renderSocialError(err);
    },
    serialize(result: HandlerResult): WireResponse {
      return {
        status: result.status,
        headers: { 'Content-Type': 'application/json', ...result.headers },
        payload: json(result.body),
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
    notAuthorized: () => socialError('TOKEN_REQUIRED'),
    internalError: (reportId, detail) => socialError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => socialError('BODY_TOO_LARGE', { limit }),
    unavailable: () => socialError('UNAVAILABLE'),
  };
}
