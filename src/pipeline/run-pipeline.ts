import type { HandlerResult, RequestInput, WireResponse } from '../core/types.js';
import { isApiError, type ApiError } from '../core/api-error.js';
import type { ApiRuntime } from './api-runtime.js';
import type { Ctx, NamespaceView, Services, SteerHook } from './context.js';
import { findViolation, type ResponseViolation } from './check-response.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';

export interface PipelineHooks {
  onResponseViolation?: (v: ResponseViolation) => void;
}

/** Per request, from the HTTP layer: steering, and a look at the finished ctx (the journal's). */
export interface PipelineExtras {
  steer?: SteerHook;
  onDone?: (ctx: Ctx) => void;
}

/**
 * One request through one API: the dialect's steps in its order, then the response
 * check, then serialization. Never throws: every failure becomes the API's own error.
 */
export async function runPipeline(
  api: ApiRuntime,
  req: RequestInput,
  ns: NamespaceView,
  services: Services,
  hooks: PipelineHooks,
  extras: PipelineExtras = {},
): Promise<WireResponse> {
  const ctx = newCtx(api, req, ns, services);
  ctx.steer = extras.steer;
  let result: HandlerResult;
  let routed = false;
  try {
    for (const step of api.dialect.steps) {
      const pending = step(ctx);
      if (pending) await pending;
      // right after routing: a steering rule that bypasses the checks answers now
      if (!routed && ctx.op && ctx.steer) {
        routed = true;
        const early = ctx.steer.beforeChecks(ctx);
        if (early) {
          ctx.result = early;
          break;
        }
      }
    }
    if (!ctx.result) throw new Error('the steps ended without an answer');
    result = ctx.result;
  } catch (err) {
    result = renderFailure(ctx, err);
  }
  const violation = findViolation(ctx, result);
  if (violation) {
    services.log.error({ violation }, 'response does not match the spec');
    hooks.onResponseViolation?.(violation);
    result = ctx.api.dialect.renderError(api.dialect.internalError(reportId(services)), ctx);
  }
  const wire = api.dialect.serialize(result, ctx);
  extras.onDone?.(ctx);
  return wire;
}

function renderFailure(ctx: Ctx, err: unknown): HandlerResult {
  if (isApiError(err) && err.api === ctx.api.name) return ctx.api.dialect.renderError(err, ctx);
  const { log, config } = ctx.services;
  const storage = storageFailure(err);
  if (storage && ctx.api.dialect.unavailable) {
    // Not our bug and not the client's: one line, no stack; it passes once writes succeed again.
    const why = isStoreUnavailable(err) ? err.message : `${storage}: is the disk full?`;
    log.error(
      { code: storage, api: ctx.api.name, operationId: ctx.op?.operationId },
      `the state cannot be written (${why}); answering 503`,
    );
    return ctx.api.dialect.renderError(ctx.api.dialect.unavailable(), ctx);
  }
  const id = reportId(ctx.services);
  // Another dialect's error is our bug as much as an exception is: logged, answered as a 500.
  log.error({ err, reportId: id, api: ctx.api.name, operationId: ctx.op?.operationId }, 'unexpected error');
  const detail = config.developerMode ? (err as Error)?.message : undefined;
  return ctx.api.dialect.renderError(ctx.api.dialect.internalError(id, detail), ctx);
}

/** SQLite's disk-full and I/O errors (and the OS's ENOSPC), Redis away: the store, not the request, failed. */
function storageFailure(err: unknown): string | undefined {
  if (isStoreUnavailable(err)) return err.code;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === 'ENOSPC' ? code : undefined;
}

function reportId(services: Services): string {
  return services.random.bytes(6).toString('hex');
}

/** An error answered before the pipeline runs (an oversized body), in the API's format. */
export function renderStandalone(api: ApiRuntime, err: ApiError, req: RequestInput, ns: NamespaceView, services: Services): WireResponse {
  const ctx = newCtx(api, req, ns, services);
  return api.dialect.serialize(api.dialect.renderError(err, ctx), ctx);
}

function newCtx(api: ApiRuntime, req: RequestInput, ns: NamespaceView, services: Services): Ctx {
  return { req, services, api, ns, pathParams: {}, query: {}, responseType: 'json', principal: { kind: 'guest' } };
}
