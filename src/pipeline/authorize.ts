import { isAllowed } from '../auth/permissions.js';
import { operationOf, type Ctx } from './context.js';

/** Checks the operation's permission (spec data) against the caller. */
export function authorize(ctx: Ctx): void {
  if (!isAllowed(operationOf(ctx).permission, ctx.principal)) throw ctx.api.dialect.notAuthorized(ctx);
}
