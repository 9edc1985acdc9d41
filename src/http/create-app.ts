import express, { type Express, type Request, type Response } from 'express';
import type { RequestInput } from '../core/types.js';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { Runtime } from '../runtime/create-runtime.js';
import { DEFAULT_NAMESPACE } from '../runtime/namespaces.js';
import { runPipeline, renderStandalone } from '../pipeline/run-pipeline.js';
import { createCors } from './cors.js';
import { readBody } from './read-body.js';

/**
 * The Express adapter, the only code that touches req and res: CORS, the body, then the
 * API the path belongs to. Everything else is the pipeline's.
 */
export function createApp(runtime: Runtime): Express {
  const { services, hooks, apis } = runtime;
  const { config, log } = services;
  const applyCors = createCors(config.corsOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.get('/__authmock/health', (_req, res) => {
    res.json({ status: 'ok', apis: apis.map((a) => a.name), store: services.store.kind });
  });

  app.use(async (req: Request, res: Response) => {
    const started = log.isLevelEnabled('debug') ? performance.now() : 0;
    if (applyCors(req, res)) return;
    const url = req.url;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const api = pickApi(apis, path);
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
    const ns = await runtime.namespaces.open(DEFAULT_NAMESPACE);
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
