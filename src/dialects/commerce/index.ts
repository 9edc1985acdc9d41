import type { Ctx, HandlerResult, WireResponse } from '../../core/types.js';
import { ApiError } from '../../core/api-error.js';
import type { Dialect } from '../dialect.js';
import { commerceTokens, readBearer } from '../../auth/tokens.js';
import { describeResources } from '../../auth/permissions.js';
import { authenticate } from '../../pipeline/authenticate.js';
import { authorizeInStore } from './authorize-in-store.js';
import { validateRequest } from '../../pipeline/validate-request.js';
import { invokeHandler } from '../../pipeline/invoke-handler.js';
import { routeCommerce } from './route.js';
import { negotiateCommerce } from './negotiate.js';
import { decodeCommerceBody } from './decode-body.js';
import { castCommercePathParams } from './cast-path-params.js';
import { mapCommerceValidation } from './map-validation.js';
import { renderCommerceError } from './render-error.js';
import { renderXml } from './render-xml.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * The commerce platform: route, then permission, then the body (facts §2 "Processing
 * order"), so an unauthenticated POST with a broken body is a 401, not a 400. The
 * response format comes first: the platform picks its renderer from Accept when the
 * response object is built, so routing errors are rendered as XML too (facts §3).
 */
export const commerceDialect: Dialect = {
  name: 'commerce',
  steps: [negotiateCommerce, routeCommerce, authenticate, authorizeInStore, decodeCommerceBody, castCommercePathParams, validateRequest, invokeHandler],
  renderError: renderCommerceError,
  serialize(result: HandlerResult, ctx: Ctx): WireResponse {
    const xml = ctx.responseType === 'xml';
    return {
      status: result.status,
      headers: { 'Content-Type': xml ? XML_TYPE : JSON_TYPE, ...result.headers },
      payload: xml ? renderXml(result.body) : JSON.stringify(result.body),
    };
  },
  mapValidation: mapCommerceValidation,
  readToken: (ctx) => readBearer(ctx.req.headers.authorization),
  tokens: commerceTokens,
  notAuthorized: (ctx) => new ApiError('NOT_AUTHORIZED', { resources: describeResources(ctx.op!.permission) }),
  internalError: (reportId) => new ApiError('INTERNAL', { reportId }),
};
