import type { Ctx } from '../core/types.js';

/**
 * Calls the handler for the operationId. An operation without one answers with its
 * spec example, after the same authentication and permission checks.
 */
export async function invokeHandler(ctx: Ctx): Promise<void> {
  const op = ctx.op!;
  const handler = ctx.api.handlers.get(op.operationId);
  if (handler) {
    ctx.result = await handler(ctx);
    return;
  }
  ctx.result = { status: op.example!.status, body: structuredClone(op.example!.body) };
}
