import express, { type Express, type Request, type Response } from 'express';
import type { ApiRuntime, RequestInput } from '../core/types.js';
import { ApiError } from '../core/api-error.js';
import type { Runtime } from '../runtime/create-runtime.js';
import { runPipeline, renderStandalone } from '../pipeline/run-pipeline.js';
import { createCors } from './cors.js';
import { readBody } from './read-body.js';

const NO_QUERY = new URLSearchParams();

/**
 * The Express adapter, the only code that touches req and res: CORS, the body, then the
 * API the path belongs to. Everything else is the pipeline's.
 */
export function createApp(runtime: Runtime): Express {
  const { services, hooks } = runtime;
  const { config, log } = services;
  const applyCors = createCors(config.corsOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);

  app.get('/__authmock/health', (_req, res) => {
    res.json({ status: 'ok', apis: Object.keys(runtime.apis), store: services.store.kind });
  });

  app.use(async (req: Request, res: Response) => {
    const started = log.isLevelEnabled('debug') ? performance.now() : 0;
    if (applyCors(req, res)) return;
    const url = req.url;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const api = pickApi(runtime, path);
    if (!api) {
      res.status(404).json({ message: `No API is served at ${path}. Commerce: /rest/V1/..., social: /socialapi/...` });
      return;
    }
    const input: RequestInput = {
      method: req.method,
      path,
      query: q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1)),
      headers: req.headers,
    };
    const read = await readBody(req, config.bodyLimit);
    const wire =
      read.kind === 'too-large'
        ? renderStandalone(api, new ApiError('BODY_TOO_LARGE', { limit: config.bodyLimit }), input, services)
        : await runPipeline(api, read.kind === 'ok' ? { ...input, rawBody: read.body } : input, services, hooks);
    if (read.kind === 'too-large') res.setHeader('Connection', 'close');
    // An explicit length spares the chunked encoding writeHead would otherwise choose.
    wire.headers['Content-Length'] = String(Buffer.byteLength(wire.payload));
    res.writeHead(wire.status, wire.headers);
    res.end(wire.payload);
    if (started) log.debug({ method: req.method, path, status: wire.status, ms: +(performance.now() - started).toFixed(2) }, 'request');
  });
  return app;
}

function pickApi(runtime: Runtime, path: string): ApiRuntime | undefined {
  if (path === '/rest' || path.startsWith('/rest/')) return runtime.apis.commerce;
  if (path.startsWith('/socialapi/')) return runtime.apis.social;
  return undefined;
}
