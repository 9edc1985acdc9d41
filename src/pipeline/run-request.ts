import type { HandlerResult, WireResponse } from '../core/types.js';
import { isApiError, type ApiError } from '../core/api-error.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { ServedApi } from './served-api.js';
import type { Incoming, NamespaceView, Services } from './stages.js';
import type { Steer } from './steer.js';
import type { Trace } from './trace.js';
import { createKit, SteeredAnswer } from './create-kit.js';
import { findViolation, type ResponseViolation } from './validate.js';
import type { FixedMemo } from './fixed-memo.js';
import type { Directories } from './directories.js';

const GUEST = { kind: 'guest' } as const;

export interface PipelineHooks {
  onResponseViolation?: (v: ResponseViolation) => void;
}

/** What every request of a runtime runs with. */
export interface RequestEnv {
  services: Services;
  hooks: PipelineHooks;
  /** answer bodies that never change: their checks are kept with them */
  memo: FixedMemo;
  /** steering, when any rule or a Prefer header could steer this request */
  steer?: Steer;
  /** the APIs' directories, made once per namespace view; without: one per request */
  directories?: Directories;
}

/** A request's answer, and what its steps found out (for the journal and the request log). */
export interface Outcome {
  wire: WireResponse;
  trace: Trace;
}

/**
 * One request through one API: the dialect's order of steps, then the check of the answer
 * against the spec, then serialization. Never throws: every failure becomes the API's own
 * error, an unforeseen one its 500.
 */
export async function runRequest(api: ServedApi, req: Incoming, ns: NamespaceView, env: RequestEnv): Promise<Outcome> {
  const { services, hooks, memo, steer, directories } = env;
  const trace: Trace = { format: 'json', principal: GUEST, auth: { outcome: 'none' }, permission: { outcome: 'not-checked' } };
  let result: HandlerResult;
  try {
    result = await api.dialect.run(
      createKit({
        api,
        req,
        ns,
        services,
        trace,
        steer,
        keep: memo.keep,
        directory: directories ? () => directories.of(api, ns) : () => api.directory(ns, services),
      }),
    );
  } catch (err) {
    result = err instanceof SteeredAnswer ? err.result : renderFailure(api, trace, services, err);
  }
  const violation = findViolation(trace.op, result, memo.validate);
  if (violation) {
    hooks.onResponseViolation?.(violation);
    if (api.strictAnswers) {
      services.log.error({ violation }, 'response does not match the spec');
      result = api.dialect.renderError(api.dialect.internalError(reportId(services)), trace.format);
    } else {
      services.log.warn({ violation }, "the spec's answer does not match its own schema; served as written");
    }
  }
  return { wire: api.dialect.serialize(result, trace.format, memo.json), trace };
}

/** An error answered before the pipeline runs (an oversized body), in the API's format. */
export function renderStandalone(api: ServedApi, err: ApiError): WireResponse {
  return api.dialect.serialize(api.dialect.renderError(err, 'json'), 'json', JSON.stringify);
}

function renderFailure(api: ServedApi, trace: Trace, services: Services, err: unknown): HandlerResult {
  const { dialect } = api;
  if (isApiError(err) && err.api === api.name) {
    if (err.reason) trace.refusal = err.reason;
    return dialect.renderError(err, trace.format);
  }
  const { log, config } = services;
  const storage = storageFailure(err);
  if (storage && dialect.unavailable) {
    // Not our bug and not the client's: one line, no stack; it passes once writes succeed again.
    const why = isStoreUnavailable(err) ? err.message : `${storage}: is the disk full?`;
    log.error({ code: storage, api: api.name, operationId: trace.op?.operationId }, `the state cannot be written (${why}); answering 503`);
    return dialect.renderError(dialect.unavailable(), trace.format);
  }
  const id = reportId(services);
  // Another dialect's error is our bug as much as an exception is: logged, answered as a 500.
  log.error({ err, reportId: id, api: api.name, operationId: trace.op?.operationId }, 'unexpected error');
  const detail = config.developerMode ? (err as Error)?.message : undefined;
  return dialect.renderError(dialect.internalError(id, detail), trace.format);
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
