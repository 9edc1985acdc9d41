import { isAllowed } from '../auth/permissions.js';
import { operationOf, type Ctx } from './context.js';

/** Checks the operation's permission (spec data) against the caller. */
export function authorize(ctx: Ctx): void {
  ctx.permitted = isAllowed(operationOf(ctx).permission, ctx.principal);
  if (!ctx.permitted) throw ctx.api.dialect.notAuthorized(ctx);
}
