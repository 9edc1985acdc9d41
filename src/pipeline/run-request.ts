import type { HandlerResult, WireResponse } from '../core/types.js';
import { isApiError, type ApiError } from '../core/api-error.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { ServedApi } from './served-api.js';
import type { Incoming, NamespaceView, Services } from './stages.js';
import type { Steer } from './steer.js';
import type { Trace } from './trace.js';
import { createKit, SteeredAnswer } from './create-kit.js';
import { findViolation, type ResponseViolation } from './validate.js';
import type { Directories } from './directories.js';
import type { ValidateFunction } from 'ajv';
import { deepFreeze } from '../core/deep-freeze.js';

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

/**
 * Whether a value never changes once handed out: the store's read cache freezes what it
 * keeps and answers this for it (ReadCacheStore.isFixed).
 */
export type IsFixed = (value: object) => boolean;

/**
 * Per runtime: what the pipeline computes of an answer body that never changes, kept with
 * the body. A GET me answers the caller's record as the store's read cache holds it, an
 * operation without a handler its spec's example: their JSON text and their check against
 * the spec are the same on every request (12 % of a GET me in the profile). Any other body
 * is computed every time.
 */
export interface FixedMemo {
  /** a body the spec gives (an example, one made from a schema), frozen once and kept as never changing */
  keep<T>(value: T): T;
  /** JSON.stringify(value) */
  json(value: unknown): string;
  /** validate(value), remembered only when it passed */
  validate(validate: ValidateFunction, value: unknown): boolean;
}

/** `isFixed`: the store's read cache's own fixed values, where it has one. */
export function createFixedMemo(isFixed: IsFixed | undefined): FixedMemo {
  const kept = new WeakSet<object>();
  const texts = new WeakMap<object, string>();
  const passed = new WeakMap<object, WeakSet<ValidateFunction>>();
  const fixed = (value: unknown): value is object =>
    typeof value === 'object' && value !== null && (kept.has(value) || (isFixed?.(value) ?? false));
  return {
    keep(value) {
      if (typeof value === 'object' && value !== null && !kept.has(value)) kept.add(deepFreeze(value));
      return value;
    },
    json(value) {
      if (!fixed(value)) return JSON.stringify(value);
      let text = texts.get(value);
      if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
      return text;
    },
    validate(validate, value) {
      if (!fixed(value)) return validate(value) as boolean;
      if (passed.get(value)?.has(validate)) return true;
      if (!validate(value)) return false;
      let set = passed.get(value);
      if (!set) passed.set(value, (set = new WeakSet()));
      set.add(validate);
      return true;
    },
  };
}
