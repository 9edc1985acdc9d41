import { hostname } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RandomSource, RequestInput, WireResponse } from '../core/types.js';
import type { ServedApi } from '../pipeline/served-api.js';
import type { NamespaceView } from '../pipeline/stages.js';
import type { Runtime } from '../pipeline/runtime.js';
import type { Inspection } from './create-inspection.js';
import { NamespaceLimitError } from '../pipeline/namespaces.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import { runRequest, renderStandalone, type RequestEnv } from '../pipeline/run-request.js';
import type { Trace } from '../pipeline/trace.js';
import type { Steer } from '../pipeline/steer.js';
import { describeExchange, recordExchange, type Exchange } from '../journal/record-exchange.js';
import type { JournalRecord } from '../journal/journal.js';
import type { RequestLine, RequestLog } from '../log/request-log.js';
import { describeRefusal } from '../journal/describe-refusal.js';
import { createSteer } from '../steering/create-steer.js';
import { applyFault, pickDelay, sleep } from '../steering/apply-fault.js';
import type { Fault } from '../steering/steering-rules.js';
import { readBody, type BodyRead, queryOf } from './read-request.js';
import { KeptState, type Kept } from './answer-from-kept.js';
import { sendProblem } from './send-problem.js';

/** Where a request goes once its namespace and API are known. */
export interface ApiRoute {
  api: ServedApi;
  /** the namespace's name */
  ns: string;
  /** the path inside the API (after any /__ns/<name> prefix), without the query */
  path: string;
  /** the whole request target, query included */
  url: string;
  /** where the query starts in `url`; -1: none */
  q: number;
  /** performance.now() when the request arrived, or 0 when nothing measures it */
  started: number;
  /** a mocked API (journaled, steerable), not the control API */
  mocked: boolean;
}

export type ServeApi = (req: IncomingMessage, res: ServerResponse, route: ApiRoute) => Promise<void>;

/**
 * One request of an API through the pipeline, on plain node:http objects: the namespace,
 * the body, steering, the journal, the answer. The mocked APIs reach it from the dispatch
 * before Express; the control API from the Express app. Never rejects: a failure nobody
 * foresaw is logged and answered as the API's own 500.
 */
export function createServeApi(runtime: Runtime, inspection: Inspection, requestLog: RequestLog): ServeApi {
  const { services, hooks, memo } = runtime;
  const { config, log } = services;
  const { journal } = inspection;
  const tokenShapes = runtime.apis.map((a) => a.tokens.shape);
  const instance = createInstanceName(config.instanceName, runtime.address);
  const env: RequestEnv = { services, hooks, memo, directories: runtime.directories };

  // reads answered from the namespace as last read, when the journal's entry checks it (answer-from-kept.ts)
  const keptState = journal.checksNamespace && journal.size > 0 ? new KeptState(runtime, env) : undefined;

  /**
   * The end of a request once its answer is made: the latency asked for, the journal, the
   * answer, the request log. False (nothing sent) when the journal found the namespace no
   * longer as `expect` says: the request is then answered again.
   */
  async function finish(res: ServerResponse, x: Answered, expect?: string): Promise<boolean> {
    const { route, input, read, ns, outcome } = x;
    const { api, path, started, mocked } = route;
    const { wire, trace } = outcome;
    const steered = trace?.steered;
    const delay = mocked && (config.latency || steered?.delayMs) ? pickDelay(config.latency, steered?.delayMs) : 0;
    if (delay) await sleep(delay);
    const journaled = mocked && journal.size > 0;
    const logged = started > 0 && requestLog.wants(wire.status, !mocked);
    const exchange: Exchange | undefined =
      journaled || logged
        ? {
            api,
            apis: runtime.apis,
            trace,
            input,
            body: read.kind === 'ok' ? read.body : undefined,
            wire,
            ns: ns.name,
            instance: instance(),
            time: ns.now(),
            durationMs: performance.now() - started,
          }
        : undefined;
    // An explicit length spares the chunked encoding writeHead would otherwise choose; set
    // before the journal reads the headers, so the same answer again has the same shape.
    wire.headers['Content-Length'] = String(Buffer.byteLength(wire.payload));
    let record: JournalRecord | undefined;
    if (journaled) {
      // Answered only once the journal keeps the entry (Redis acknowledged it): a crash
      // of this instance loses no entry of a request it answered. The journal is a
      // window on the traffic: a failure to record is logged, never answered.
      try {
        const recorded = recordExchange(journal, exchange!, expect);
        // the memory journal keeps it at once: no promise, the answer goes out in this turn as without a journal
        record = recorded instanceof Promise ? await recorded : recorded;
      } catch (err) {
        // an answer from a kept namespace stands only once the journal checked it: else it is made again
        if (expect !== undefined) return false;
        // Redis away: said once when it went (connect-redis.ts), not for every request
        const level = isStoreUnavailable(err) ? 'debug' : 'error';
        log[level]({ err: (err as Error).message, path }, 'journal could not record a request');
      }
    }
    if (read.kind === 'too-large') res.setHeader('Connection', 'close');
    if (steered?.fault) {
      applyFault(res, wire, steered.fault);
      // whatever status it replaced, the line says what the client met instead
      if (logged)
        requestLog.request(
          {
            ...toRequestLine(exchange!, record, services.clock.now(), tokenShapes),
            reason: `steered: rule ${steered.rule} ${FAULTS[steered.fault]}`,
          },
          !mocked,
        );
      return true;
    }
    res.writeHead(wire.status, wire.headers);
    res.end(wire.payload);
    // the one place a request reaches the request log, after its answer is on its way
    if (logged) requestLog.request(toRequestLine(exchange!, record, services.clock.now(), tokenShapes), !mocked);
    return true;
  }

  /**
   * A read answered from the namespace as this process last read it: true once answered;
   * false when it must be answered again after reading the namespace (it tried to write, or
   * the namespace changed meanwhile, or steering may apply).
   */
  async function serveFromKept(res: ServerResponse, route: ApiRoute, input: RequestInput, read: BodyRead, kept: Kept): Promise<boolean> {
    const { view } = kept;
    if (read.kind === 'too-large') return false;
    const active = inspection.rules.active({ ns: view.name, now: view.now(), version: view.version });
    if (active instanceof Promise || active.length > 0) return false;
    const outcome = await runRequest(route.api, read.kind === 'ok' ? withBody(input, read.body) : input, view, kept.env);
    if (kept.wrote()) return false;
    return finish(res, { route, input, read, ns: view, outcome }, kept.snapshot);
  }

  return async function serveApi(req: IncomingMessage, res: ServerResponse, route: ApiRoute): Promise<void> {
    const { api, path, url, mocked } = route;
    const input: RequestInput = {
      method: req.method ?? 'GET',
      path,
      query: queryOf(route),
      target: url,
      headers: req.headers,
    };
    try {
      let read: BodyRead | undefined;
      const kept = keptState && mocked ? keptState.peek(req, api, route.ns, path) : undefined;
      if (kept) {
        const reading = readBody(req, config.bodyLimit);
        read = reading instanceof Promise ? await reading : reading;
        if (read.kind === 'aborted') return void log.debug({ method: req.method, path, err: read.error.message }, 'upload aborted');
        if (await serveFromKept(res, route, input, read, kept)) return;
      }
      const opened = await openNamespace(runtime, route.ns);
      if (opened instanceof NamespaceLimitError) return void sendProblem(res, 409, 'Conflict', opened.message);
      const ns = opened;
      if (!read) {
        // a body that already arrived (or none) is read at once: no wait for it
        const reading = readBody(req, config.bodyLimit);
        read = reading instanceof Promise ? await reading : reading;
      }
      // The client went away mid-upload: nobody to answer, nothing worth more than a debug line.
      if (read.kind === 'aborted') return void log.debug({ method: req.method, path, err: read.error.message }, 'upload aborted');
      const steering = mocked ? steerFor(inspection, ns, req.headers.prefer, services.random) : undefined;
      const steer = steering instanceof Promise ? await steering : steering;
      const outcome: { wire: WireResponse; trace?: Trace } =
        read.kind === 'too-large'
          ? { wire: renderStandalone(api, api.dialect.bodyTooLarge(config.bodyLimit)), trace: undefined }
          : await runRequest(api, read.kind === 'ok' ? withBody(input, read.body) : input, ns, steer ? { ...env, steer } : env);
      await finish(res, { route, input, read, ns, outcome });
    } catch (err) {
      // Our bug (the pipeline itself never throws): the API's own 500, never a hang.
      const reportId = services.random.bytes(6).toString('hex');
      log.error({ err, reportId, method: req.method, path }, 'unexpected error serving a request');
      if (res.headersSent) return void res.destroy();
      const wire = renderStandalone(api, api.dialect.internalError(reportId));
      wire.headers['Content-Length'] = String(Buffer.byteLength(wire.payload));
      res.writeHead(wire.status, wire.headers).end(wire.payload);
    }
  };
}

/** A request whose answer is made, as `finish` takes it. */
interface Answered {
  route: ApiRoute;
  input: RequestInput;
  read: BodyRead;
  ns: NamespaceView;
  outcome: { wire: WireResponse; trace?: Trace };
}

/** A steering fault in the request log's words. */
const FAULTS: Record<Fault, string> = {
  reset: 'reset the connection',
  close: 'closed the connection unanswered',
  malformed: 'cut the body short',
};

/** The request log's line; for a 4xx or 5xx, why, from what the journal records of it. */
function toRequestLine(x: Exchange, record: JournalRecord | undefined, now: number, tokenShapes: readonly RegExp[]): RequestLine {
  const { input, wire, trace } = x;
  const line: RequestLine = { time: now, ns: x.ns, method: input.method, path: input.path, status: wire.status, ms: x.durationMs };
  if (trace?.op) line.operationId = trace.op.operationId;
  if (wire.status < 400) return line;
  const known = record ?? describeExchange(x);
  line.reason = describeRefusal({
    status: wire.status,
    auth: known.auth,
    permission: known.permission,
    operationId: known.operationId,
    nearest: known.nearest,
    steered: known.steered,
    invalid: known.invalid,
    refusal: known.refusal,
    answer: typeof wire.payload === 'string' ? wire.payload : '',
    tokenShapes,
  });
  return line;
}

/**
 * Steering for a mocked API's request: the namespace's rules (a copy, while its version
 * holds) and the Prefer header; undefined when neither could steer it. A promise only
 * while shared rules are being read: most requests wait for nothing here.
 */
function steerFor(
  inspection: Inspection,
  ns: NamespaceView,
  prefer: string | string[] | undefined,
  random: RandomSource,
): Steer | undefined | Promise<Steer | undefined> {
  const { rules, examplesOf } = inspection;
  const active = rules.active({ ns: ns.name, now: ns.now(), version: ns.version });
  return active instanceof Promise
    ? active.then((list) => createSteer({ rules: list, store: rules, prefer, random, examplesOf }))
    : createSteer({ rules: active, store: rules, prefer, random, examplesOf });
}

/** The namespace's view, or the refusal of a new one past --max-namespaces. */
async function openNamespace(runtime: Runtime, name: string): Promise<NamespaceView | NamespaceLimitError> {
  try {
    return await runtime.namespaces.open(name);
  } catch (err) {
    if (err instanceof NamespaceLimitError) return err;
    if (!isStoreUnavailable(err)) throw err;
    // The store is away (Redis down): the request goes on with the start-up settings, and
    // whatever step needs the state meets the same error and answers the API's own 503,
    // negotiated as any answer (XML when asked for); what needs no state still answers.
    return runtime.namespaces.view(emptyRecord(name));
  }
}

function emptyRecord(name: string) {
  return { name, createdAt: 0, clockOffsetMs: 0, settings: {}, seedHash: '' };
}

/** The request with its body, field by field (a spread copies the input's shape anew on every request). */
function withBody(input: RequestInput, rawBody: Buffer): RequestInput {
  const { method, path, query, target, headers } = input;
  return { method, path, query, target, headers, rawBody };
}

/**
 * The name this instance's journal entries carry: --instance-name, else host:port as
 * bound (the address is known once the server listens), with the machine's name for a
 * host that means every interface.
 */
function createInstanceName(given: string | undefined, address: { readonly url: string }): () => string {
  let url = '';
  let name = '';
  return () => {
    if (given) return given;
    if (address.url !== url) {
      url = address.url;
      name = nameOf(url);
    }
    return name;
  };
}

function nameOf(url: string): string {
  const { hostname: host, port } = new URL(url);
  const shown = host === '0.0.0.0' || host === '[::]' ? hostname() : host;
  return port ? `${shown}:${port}` : shown;
}
