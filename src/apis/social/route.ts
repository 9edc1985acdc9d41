import type { Ctx } from '../../pipeline/context.js';
import { socialError } from './error-codes.js';

/** Matches the spec's paths; a known path with another method is a 405 with Allow. */
export function routeSocial(ctx: Ctx): void {
  const match = ctx.api.router.match(ctx.req.method, ctx.req.path);
  if (match.kind === 'none') throw socialError('ROUTE_NOT_FOUND');
  if (match.kind === 'wrong-method') {
    throw socialError('METHOD_NOT_ALLOWED', { method: ctx.req.method, allowed: match.allowed.join(', ') });
  }
  ctx.op = match.op;
  ctx.pathParams = match.params;
}
