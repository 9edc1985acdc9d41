import { randomBytes } from 'node:crypto';
import type { ApiRuntime, Ctx, HandlerResult, RequestInput, Services, WireResponse } from '../core/types.js';
import { ApiError, isApiError } from '../core/api-error.js';
import { findViolation, type ResponseViolation } from './check-response.js';

export interface PipelineHooks {
  onResponseViolation?: (v: ResponseViolation) => void;
}

/**
 * One request through one API: the dialect's steps in its order, then the response
 * check, then serialization. Never throws: every failure becomes the API's own error.
 */
export async function runPipeline(
  api: ApiRuntime,
  req: RequestInput,
  services: Services,
  hooks: PipelineHooks,
): Promise<WireResponse> {
  const ctx = newCtx(api, req, services);
  let result: HandlerResult;
  try {
    for (const step of api.dialect.steps) {
      const pending = step(ctx);
      if (pending) await pending;
    }
    result = ctx.result!;
  } catch (err) {
    result = renderFailure(ctx, err);
  }
  const violation = findViolation(ctx, result);
  if (violation) {
    services.log.error({ violation }, 'response does not match the spec');
    hooks.onResponseViolation?.(violation);
    result = renderFailure(ctx, api.dialect.internalError(reportId()));
  }
  return api.dialect.serialize(result, ctx);
}

function renderFailure(ctx: Ctx, err: unknown): HandlerResult {
  if (isApiError(err)) return ctx.api.dialect.renderError(err, ctx);
  const id = reportId();
  ctx.services.log.error({ err, reportId: id, operationId: ctx.op?.operationId }, 'unexpected error');
  const internal = ctx.api.dialect.internalError(id);
  const detail = ctx.services.config.developerMode ? (err as Error)?.message : undefined;
  return ctx.api.dialect.renderError(new ApiError(internal.code, internal.params, detail), ctx);
}

function reportId(): string {
  return randomBytes(6).toString('hex');
}

/** An error answered before the pipeline runs (an oversized body), in the API's format. */
export function renderStandalone(api: ApiRuntime, err: ApiError, req: RequestInput, services: Services): WireResponse {
  const ctx = newCtx(api, req, services);
  return api.dialect.serialize(api.dialect.renderError(err, ctx), ctx);
}

function newCtx(api: ApiRuntime, req: RequestInput, services: Services): Ctx {
  return { req, services, api, pathParams: {}, query: {}, responseType: 'json', principal: { kind: 'guest' } };
}
