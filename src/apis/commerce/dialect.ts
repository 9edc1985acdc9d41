import type { HandlerResult, WireResponse } from '../../core/types.js';
import type { Ctx } from '../../pipeline/context.js';
import type { Dialect } from '../../pipeline/dialect.js';
import { readBearer } from '../../auth/tokens.js';
import { describeResources } from '../../auth/permissions.js';
import { validateRequest } from '../../pipeline/validate-request.js';
import { invokeHandler } from '../../pipeline/invoke-handler.js';
import { operationOf } from '../../pipeline/context.js';
import { createAuthorizeStep } from './authorize-in-store.js';
import { authenticateCommerce } from './authenticate-commerce.js';
import { createRouteStep, hideTwoFactorRoutes } from './route.js';
import { createNegotiateStep } from './negotiate.js';
import { createDecodeBodyStep } from './decode-body.js';
import { castCommercePathParams } from './cast-path-params.js';
import { mapCommerceValidation } from './map-validation.js';
import { renderCommerceError } from './render-error.js';
import { renderXml } from './render-xml.js';
import { CommerceError, commerceError } from './error-codes.js';
import type { StoreView } from './load-fixtures.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * The commerce platform: route, then permission, then the body (docs/commerce-platform.md,
 * processing order), so an unauthenticated POST with a broken body is a 401, not a 400.
 * The response format comes first: the platform picks its renderer from Accept when the
 * response object is built, so routing errors are rendered as XML too.
 */
export function createCommerceDialect(
  stores: ReadonlyMap<string, StoreView>,
  developerMode: boolean,
  json: (value: unknown) => string = JSON.stringify,
): Dialect {
  return {
    steps: [
      createNegotiateStep(),
      createRouteStep(new Set(stores.keys())),
      hideTwoFactorRoutes,
      authenticateCommerce,
      createAuthorizeStep(stores),
      createDecodeBodyStep(),
      castCommercePathParams,
      validateRequest,
      invokeHandler,
    ],
    renderError(err) {
      if (!(err instanceof CommerceError)) throw new TypeError(`not a commerce error: ${err.code}`);
      return renderCommerceError(err, developerMode);
    },
    serialize(result: HandlerResult, ctx: Ctx): WireResponse {
      const xml = ctx.responseType === 'xml';
      return {
        status: result.status,
        headers: { 'Content-Type': xml ? XML_TYPE : JSON_TYPE, ...result.headers },
        payload: xml ? renderXml(result.body) : json(result.body),
      };
    },
    mapValidation: mapCommerceValidation,
    readToken: (ctx) => readBearer(ctx.req.headers.authorization),
    notAuthorized: (ctx) => commerceError('NOT_AUTHORIZED', { resources: describeResources(operationOf(ctx).permission) }),
    internalError: (reportId, detail) => commerceError('INTERNAL', { reportId }, detail),
    bodyTooLarge: (limit) => commerceError('BODY_TOO_LARGE', { limit }),
    unavailable: () => commerceError('UNAVAILABLE'),
  };
}
