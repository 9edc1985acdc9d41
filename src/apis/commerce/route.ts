import type { Ctx, Step } from '../../pipeline/context.js';
import { commerceError } from './error-codes.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const VERSION = /^\/V\d+(\/|$)/;

/**
 * The platform's routing: strip /rest and an optional store code, insist on /V<n>,
 * refuse methods it does not know, then match the spec's paths for that method.
 */
export function createRouteStep(storeCodes: ReadonlySet<string>): Step {
  return function routeCommerce(ctx: Ctx): void {
    const rest = ctx.req.path.slice('/rest'.length);
    const first = /^\/([^/]+)/.exec(rest)?.[1];
    let opPath = rest;
    ctx.scope = 'default';
    if (first && !/^V\d+$/.test(first)) {
      if (first !== 'all' && !storeCodes.has(first)) throw commerceError('ROUTE_NOT_PROCESSABLE');
      ctx.scope = first;
      opPath = rest.slice(first.length + 1);
    }
    if (!VERSION.test(opPath)) throw commerceError('ROUTE_NOT_PROCESSABLE');
    if (!METHODS.has(ctx.req.method)) throw commerceError('METHOD_INVALID');
    const match = ctx.api.router.match(ctx.req.method, opPath);
    if (match.kind !== 'found') throw commerceError('NO_ROUTE');
    ctx.op = match.op;
    ctx.pathParams = match.params;
  };
}

/** Operations that exist only with --admin-2fa: without it the platform has no such route. */
const TWO_FACTOR_OPERATIONS = new Set(['createAdminAccessTokenWithGoogle']);

export function hideTwoFactorRoutes(ctx: Ctx): void {
  if (!ctx.services.config.admin2fa && ctx.op && TWO_FACTOR_OPERATIONS.has(ctx.op.operationId)) throw commerceError('NO_ROUTE');
}
