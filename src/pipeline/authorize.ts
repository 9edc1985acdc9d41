import type { Ctx } from '../core/types.js';
import { isAllowed } from '../auth/permissions.js';

/** Checks the operation's permission (spec data) against the caller. */
export function authorize(ctx: Ctx): void {
  if (!isAllowed(ctx.op!.permission, ctx.principal)) throw ctx.api.dialect.notAuthorized(ctx);
}
