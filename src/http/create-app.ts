import express, { type Express, type Request, type Response } from 'express';
import type { RequestInput } from '../core/types.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { Runtime } from '../runtime/create-runtime.js';
import { NamespaceLimitError } from '../runtime/namespaces.js';
import type { Handler } from '../pipeline/context.js';
import { createControlApi, CONTROL_PREFIX } from '../control/create-control-api.js';
import { splitNamespace } from './split-namespace.js';

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

/**
 * The Express adapter, the only code that touches req and res: CORS, the body, then the
 * API the path belongs to. Everything else is the pipeline's.
 */
export function createApp(runtime: Runtime, options: AppOptions = {}): Express {
  const { services, hooks, apis } = runtime;
  const { config, log } = services;
  const control = config.control ? createControlApi(runtime, { key: options.controlKey }, options.controlHandlers) : undefined;
  const applyCors = createCors(config.corsOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.get('/__authmock/health', async (_req, res) => {
    // state: the size of what the store keeps (the sweeper keeps it bounded)
    res.json({ status: 'ok', apis: apis.map((a) => a.name), store: services.store.kind, state: await services.store.stats() });
  });

  app.use(async (req: Request, res: Response) => {
    const started = log.isLevelEnabled('debug') ? performance.now() : 0;
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
    const api = control && (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) ? control : pickApi(apis, path);
    if (!api) {
      res.status(404).json({ message: `No API is served at ${path}. ${apis.map((a) => `${a.name}: ${a.prefix}/...`).join(', ')}` });
      return;
    }
    const input: RequestInput = {
      method: req.method,
      path,
      query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
      headers: req.headers,
    };
    let ns;
    try {
      ns = await runtime.namespaces.open(route.ns);
    } catch (err) {
      if (err instanceof NamespaceLimitError) return void sendProblem(res, 409, 'Conflict', err.message);
      throw err;
    }
    const read = await readBody(req, config.bodyLimit);
    // The client went away mid-upload: nobody to answer, nothing worth more than a debug line.
    if (read.kind === 'aborted') return void log.debug({ method: req.method, path, err: read.error.message }, 'upload aborted');
    const wire =
      read.kind === 'too-large'
        ? renderStandalone(api, api.dialect.bodyTooLarge(config.bodyLimit), input, ns, services)
        : await runPipeline(api, read.kind === 'ok' ? { ...input, rawBody: read.body } : input, ns, services, hooks);
    if (read.kind === 'too-large') res.setHeader('Connection', 'close');
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
