import { operationOf, type Ctx } from './context.js';

/**
 * Checks path and query parameters and the decoded body against the spec. The dialect
 * turns the violations into the API's own error. Coercion (e.g. "7" -> 7) is applied to
 * the values handlers receive.
 */
export function validateRequest(ctx: Ctx): void {
  const op = operationOf(ctx);
  const { dialect } = ctx.api;
  if (op.pathParams && !op.pathParams.validate(ctx.pathParams)) {
    throw dialect.mapValidation(op.pathParams.validate.errors ?? [], 'path', ctx.pathParams, op.pathParams.names);
  }
  if (op.queryParams) {
    const query: Record<string, unknown> = {};
    for (const name of op.queryParams.names) {
      const v = ctx.req.query.get(name);
      if (v !== null) query[name] = v;
    }
    if (!op.queryParams.validate(query)) {
      throw dialect.mapValidation(op.queryParams.validate.errors ?? [], 'query', query, op.queryParams.names);
    }
    ctx.query = query;
  }
  const body = op.requestBody;
  if (!body || !ctx.bodyMediaType) return;
  const validate = body.media.byType.get(ctx.bodyMediaType);
  if (validate && !validate(ctx.body)) {
    throw dialect.mapValidation(validate.errors ?? [], 'body', ctx.body, body.media.order.get(ctx.bodyMediaType) ?? []);
  }
}
