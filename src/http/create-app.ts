import express, { type Express, type Request, type Response } from 'express';
import type { RequestInput } from '../core/types.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { Runtime } from '../runtime/create-runtime.js';
import { NamespaceLimitError } from '../runtime/namespaces.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { Handler } from '../pipeline/context.js';
import { createControlApi, CONTROL_PREFIX } from '../control/create-control-api.js';
import { splitNamespace } from './split-namespace.js';
import type { Ctx } from '../pipeline/context.js';
import { createInspection } from '../journal/create-inspection.js';
import { recordExchange } from '../journal/record-exchange.js';
import { createJournalHandlers } from '../control/handlers/journal.js';
import { createSteeringHandlers } from '../control/handlers/steering.js';
import { createSteerHook } from '../steering/create-steer-hook.js';
import { applyFault, pickDelay, sleep } from '../steering/apply-fault.js';
import { allowsInspector, createInspectorPage, INSPECTOR_PATH, serveInspectorPage, serveRequestStream, STREAM_PATH } from './inspector/serve-inspector.js';

const CONTROL_SPEC_PATH = `${CONTROL_PREFIX}/openapi.yaml`;

export interface AppOptions {
  /** the key the control API requires (off loopback); undefined: open */
  controlKey?: string;
  /** more control operations by operationId (the journal and steering add theirs) */
  controlHandlers?: Record<string, Handler>;
}
import { runPipeline, renderStandalone } from '../pipeline/run-pipeline.js';
import { createCors } from './cors.js';
import { readBody } from './read-body.js';
import { serveThumbnail, THUMBNAIL_PATH } from '../apis/social/serve-thumbnail.js';

/**
 * The Express adapter, the only code that touches req and res: CORS, the body, then the
 * API the path belongs to. Everything else is the pipeline's.
 */
export function createApp(runtime: Runtime, options: AppOptions = {}): Express {
  const { services, hooks, apis } = runtime;
  const { config, log } = services;
  const inspection = createInspection(runtime, config.journalSize ?? 1000);
  const { journal } = inspection;
  const controlHandlers = { ...createJournalHandlers(journal), ...createSteeringHandlers(inspection), ...options.controlHandlers };
  const control = config.control ? createControlApi(runtime, { key: options.controlKey }, controlHandlers, inspection.clear) : undefined;
  const inspectorPage = createInspectorPage(inspection.operations.map((o) => o.operationId));
  const applyCors = createCors(config.corsOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.get('/__authmock/health', async (_req, res) => {
    // state: the size of what the store keeps (the sweeper keeps it bounded)
    const state = await services.store.stats().catch((err: unknown) => (isStoreUnavailable(err) ? undefined : Promise.reject(err)));
    if (!state) return void res.status(503).json({ status: 'unavailable', apis: apis.map((a) => a.name), store: services.store.kind });
    res.json({ status: 'ok', apis: apis.map((a) => a.name), store: services.store.kind, state });
  });

  // The fixtures' thumbnail links load (served beside the spec: src/apis/social/serve-thumbnail.ts).
  app.get(THUMBNAIL_PATH, (_req, res) => {
    const { status, headers, body } = serveThumbnail();
    res.writeHead(status, headers).end(body);
  });

  app.use(async (req: Request, res: Response) => {
    const started = journal.size > 0 || log.isLevelEnabled('debug') ? performance.now() : 0;
    if (applyCors(req, res)) return;
    const url = req.url;
    const q = url.indexOf('?');
    const route = splitNamespace(q < 0 ? url : url.slice(0, q), req.headers['x-authmock-namespace']);
    if (!route.ok) return void sendProblem(res, 400, 'Bad Request', route.detail);
    const path = route.path;
    if (path === CONTROL_SPEC_PATH && control) {
      res.writeHead(200, { 'Content-Type': 'application/yaml; charset=utf-8' });
      return void res.end(control.specText);
    }
    if (control && (path === INSPECTOR_PATH || path === STREAM_PATH) && req.method === 'GET') {
      if (!allowsInspector(req, options.controlKey)) return void sendProblem(res, 401, 'Unauthorized', 'send the control key in X-Authmock-Key or as ?key=');
      return void (path === INSPECTOR_PATH ? serveInspectorPage(res, inspectorPage) : serveRequestStream(req, res, journal, route.ns));
    }
    const api = control && (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) ? control : pickApi(apis, path);
    if (!api) {
      res.status(404).json({ message: `No API is served at ${path}. ${apis.map((a) => `${a.name}: ${a.prefix}/...`).join(', ')}` });
      return;
    }
    const input: RequestInput = {
      method: req.method,
      path,
      query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
      target: url,
      headers: req.headers,
    };
    let ns;
    try {
      ns = await runtime.namespaces.open(route.ns);
    } catch (err) {
      if (err instanceof NamespaceLimitError) return void sendProblem(res, 409, 'Conflict', err.message);
      if (!isStoreUnavailable(err)) throw err;
      // The store is away (Redis down): the request goes on with the start-up settings, and
      // whatever step needs the state meets the same error and answers the API's own 503,
      // negotiated as any answer (XML when asked for); what needs no state still answers.
      ns = runtime.namespaces.view({ name: route.ns, createdAt: 0, clockOffsetMs: 0, settings: {}, seedHash: '' });
    }
    const read = await readBody(req, config.bodyLimit);
    // The client went away mid-upload: nobody to answer, nothing worth more than a debug line.
    if (read.kind === 'aborted') return void log.debug({ method: req.method, path, err: read.error.message }, 'upload aborted');
    const mocked = api !== control;
    let seen: Ctx | undefined;
    const extras = mocked ? { steer: createSteerHook(inspection.rules, inspection.examplesOf, req.headers.prefer), onDone: (c: Ctx) => void (seen = c) } : undefined;
    const wire =
      read.kind === 'too-large'
        ? renderStandalone(api, api.dialect.bodyTooLarge(config.bodyLimit), input, ns, services)
        : await runPipeline(api, read.kind === 'ok' ? { ...input, rawBody: read.body } : input, ns, services, hooks, extras);
    if (read.kind === 'too-large') res.setHeader('Connection', 'close');
    const steered = seen?.steered;
    const delay = mocked ? pickDelay(config.latency, steered?.delayMs) : 0;
    if (delay) await sleep(delay);
    if (mocked && journal.size > 0) {
      const body = read.kind === 'ok' ? read.body : undefined;
      // The journal is a window on the traffic: a failure to record is logged, never answered.
      try {
        recordExchange(journal, { api, apis, ctx: seen, input, body, wire, ns: ns.name, time: ns.now(), durationMs: performance.now() - started });
      } catch (err) {
        log.error({ err: (err as Error).message, path }, 'journal could not record a request');
      }
    }
    if (steered?.fault) return applyFault(res, wire, steered.fault);
    // An explicit length spares the chunked encoding writeHead would otherwise choose.
    wire.headers['Content-Length'] = String(Buffer.byteLength(wire.payload));
    res.writeHead(wire.status, wire.headers);
    res.end(wire.payload);
    if (started) log.debug({ method: req.method, path, status: wire.status, ms: +(performance.now() - started).toFixed(2) }, 'request');
  });
  return app;
}

/** The API whose prefix the path is under. */
export function pickApi(apis: readonly ApiRuntime[], path: string): ApiRuntime | undefined {
  for (const api of apis) {
    if (path === api.prefix || (path.startsWith(api.prefix) && path[api.prefix.length] === '/')) return api;
  }
  return undefined;
}

/** An authmock-level refusal (not any API's): application/problem+json. */
function sendProblem(res: Response, status: number, title: string, detail: string): void {
  const payload = JSON.stringify({ type: 'about:blank', title, status, detail });
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': String(Buffer.byteLength(payload)) });
  res.end(payload);
}
