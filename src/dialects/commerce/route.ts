import type { Ctx } from '../../core/types.js';
import { ApiError } from '../../core/api-error.js';
import type { CommerceErrorCode } from './error-codes.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const VERSION = /^\/V\d+(\/|$)/;

const fail = (code: CommerceErrorCode, params?: Record<string, unknown>) => new ApiError(code, params);

/**
 * The platform's routing: strip /rest and an optional store code, insist on /V<n>,
 * refuse methods it does not know, then match the spec's paths for that method.
 */
export function routeCommerce(ctx: Ctx): void {
  const rest = ctx.req.path.slice('/rest'.length);
  const first = /^\/([^/]+)/.exec(rest)?.[1];
  let opPath = rest;
  ctx.storeCode = 'default';
  if (first && !/^V\d+$/.test(first)) {
    if (first !== 'all' && !ctx.services.fixtures.commerce.stores.has(first)) throw fail('ROUTE_NOT_PROCESSABLE');
    ctx.storeCode = first;
    opPath = rest.slice(first.length + 1);
  }
  if (!VERSION.test(opPath)) throw fail('ROUTE_NOT_PROCESSABLE');
  if (!METHODS.has(ctx.req.method)) throw fail('METHOD_INVALID');
  const match = ctx.api.router.match(ctx.req.method, opPath);
  if (match.kind !== 'found') throw fail('NO_ROUTE');
  ctx.op = match.op;
  ctx.pathParams = match.params;
}
