import { operationOf, type Ctx } from './context.js';

/**
 * Calls the handler for the operationId. An operation without one answers with its
 * spec example, after the same authentication and permission checks (start-up made
 * sure every operation has one or the other).
 */
export async function invokeHandler(ctx: Ctx): Promise<void> {
  const op = operationOf(ctx);
  const steered = ctx.steer?.beforeHandler(ctx);
  if (steered) return void (ctx.result = steered);
  const handler = ctx.api.handlers[op.operationId];
  if (handler) {
    ctx.result = await handler(ctx);
    return;
  }
  const example = op.example!;
  ctx.result = { status: example.status, body: structuredClone(example.body) };
}
