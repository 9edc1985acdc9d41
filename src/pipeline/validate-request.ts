import type { ErrorObject } from 'ajv';
import { operationOf, type Ctx, type ValidationPlace } from './context.js';

/**
 * Checks path and query parameters and the decoded body against the spec. The dialect
 * turns the violations into the API's own error. Coercion (e.g. "7" -> 7) is applied to
 * the values handlers receive.
 */
export function validateRequest(ctx: Ctx): void {
  const op = operationOf(ctx);
  if (op.pathParams && !op.pathParams.validate(ctx.pathParams)) {
    throw refuse(ctx, op.pathParams.validate.errors, 'path', ctx.pathParams, op.pathParams.names);
  }
  if (op.queryParams) {
    const query: Record<string, unknown> = {};
    for (const name of op.queryParams.names) {
      const v = ctx.req.query.get(name);
      if (v !== null) query[name] = v;
    }
    if (!op.queryParams.validate(query)) {
      throw refuse(ctx, op.queryParams.validate.errors, 'query', query, op.queryParams.names);
    }
    ctx.query = query;
  }
  const body = op.requestBody;
  if (!body || !ctx.bodyMediaType) return;
  const validate = body.media.byType.get(ctx.bodyMediaType);
  if (validate && !validate(ctx.body)) {
    throw refuse(ctx, validate.errors, 'body', ctx.body, body.media.order.get(ctx.bodyMediaType) ?? []);
  }
}

/** Notes where the request broke the spec (`ctx.invalid`), then turns the violations into the dialect's error. */
function refuse(ctx: Ctx, found: ErrorObject[] | null | undefined, place: ValidationPlace, data: unknown, order: readonly string[]) {
  const errors = found ?? [];
  const first = errors[0];
  const params = (first?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  const named = params.missingProperty ?? params.additionalProperty;
  const field = [...(first?.instancePath.split('/').filter(Boolean) ?? []), ...(named ? [named] : [])].join('.');
  ctx.invalid = { place, field };
  return ctx.api.dialect.mapValidation(errors, place, data, order);
}
