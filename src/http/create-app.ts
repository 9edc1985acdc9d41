import type { IncomingMessage } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import type { Runtime } from '../runtime/create-runtime.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import type { Handler } from '../pipeline/context.js';
import { createControlApi, CONTROL_PREFIX } from '../control/create-control-api.js';
import { splitNamespace } from './split-namespace.js';
import { createInspection } from '../journal/create-inspection.js';
import { createJournalHandlers } from '../control/handlers/journal.js';
import { createSteeringHandlers } from '../control/handlers/steering.js';
import { allowsInspector, createInspectorPage, INSPECTOR_PATH, serveInspectorPage, serveRequestStream, STREAM_PATH } from './inspector/serve-inspector.js';
import { createCors } from './cors.js';
import { serveThumbnail, THUMBNAIL_PATH } from '../apis/social/serve-thumbnail.js';
import { createServeApi } from './serve-api.js';
import { createDispatch, type Dispatch } from './dispatch.js';
import { sendProblem } from './send-problem.js';

const CONTROL_SPEC_PATH = `${CONTROL_PREFIX}/openapi.yaml`;

export interface AppOptions {
  /** the key the control API requires (off loopback); undefined: open */
  controlKey?: string;
  /** more control operations by operationId (the journal and steering add theirs) */
  controlHandlers?: Record<string, Handler>;
}

/** The Express app, and the dispatch the node:http server runs before it. */
export type AuthmockApp = Express & { dispatch: Dispatch };

/**
 * The HTTP layer, the only code that touches req and res. The mocked APIs' requests go
 * through the dispatch (src/http/dispatch.ts); Express serves what is not on that hot
 * path: health, thumbnails, the control API, the inspector, and every 404.
 */
export function createApp(runtime: Runtime, options: AppOptions = {}): AuthmockApp {
  const { services, apis } = runtime;
  const { config, log } = services;
  const inspection = createInspection(runtime, config.journalSize ?? 1000);
  const { journal } = inspection;
  const controlHandlers = { ...createJournalHandlers(journal), ...createSteeringHandlers(inspection), ...options.controlHandlers };
  const control = config.control ? createControlApi(runtime, { key: options.controlKey }, controlHandlers, inspection.clear) : undefined;
  const inspectorPage = createInspectorPage(inspection.operations.map((o) => o.operationId));
  const applyCors = createCors(config.corsOrigins);
  const serveApi = createServeApi(runtime, inspection);
  const dispatch = createDispatch({ apis, log, journalSize: journal.size, applyCors, serveApi, exclude: isThumbnail });
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

  // The mocked APIs: the same dispatch the node:http server runs before Express (so an
  // app mounted elsewhere, or supertest on this one, answers the same).
  app.use((req, res, next) => void (dispatch(req, res) || next()));

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
    if (control && (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`))) {
      return serveApi(req, res, { api: control, ns: route.ns, path, url, q, started, mocked: false });
    }
    res.status(404).json({ message: `No API is served at ${path}. ${apis.map((a) => `${a.name}: ${a.prefix}/...`).join(', ')}` });
  });
  return Object.assign(app, { dispatch });
}

/** The fixtures' thumbnails are served by the Express route above, not by the social API. */
function isThumbnail(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return THUMBNAIL_PATH.test(q < 0 ? url : url.slice(0, q));
}
