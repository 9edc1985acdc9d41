import express, { type Express, type Request, type Response } from 'express';
import type { Runtime } from '../pipeline/runtime.js';
import { isStoreUnavailable } from '../store/store-unavailable.js';
import { splitNamespace, splitTarget } from './read-request.js';
import { allowsInspector, INSPECTOR_PATH, serveInspectorPage, serveRequestStream, STREAM_PATH } from './inspector/serve-inspector.js';
import type { Dispatch } from './create-server.js';
import { CONTROL_PREFIX } from '../control/create-control-api.js';
import { sendProblem } from './send-problem.js';
import { findCrossSiteGap } from '../control/cross-site.js';
import { createHttpParts, type AppOptions, type HttpParts } from './create-http-parts.js';

export type { AppOptions } from './create-http-parts.js';

const CONTROL_SPEC_PATH = `${CONTROL_PREFIX}/openapi.yaml`;

/** The Express app, and the dispatch the node:http server runs before it. */
export type AuthmockApp = Express & { dispatch: Dispatch };

/** The whole HTTP layer as one Express app (tests mount it with supertest). */
export async function createApp(runtime: Runtime, options: AppOptions = {}): Promise<AuthmockApp> {
  return createExpressApp(await createHttpParts(runtime, options));
}

/**
 * The HTTP layer, the only code that touches req and res. The mocked APIs' requests go
 * through the dispatch (src/http/create-server.ts); Express serves what is not on that hot
 * path: health, thumbnails, the control API, the inspector, and every 404.
 */
export function createExpressApp(parts: HttpParts): AuthmockApp {
  const { runtime, options, inspection, control, inspectorPage, applyCors, serveApi, requestLog, timed, dispatch } = parts;
  const { applyControlCors, allowsHost } = parts;
  const { services, apis } = runtime;
  const { journal } = inspection;
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

  // The mocked APIs: the same dispatch the node:http server runs before Express (so an
  // app mounted elsewhere, or supertest on this one, answers the same).
  app.use((req, res, next) => void (dispatch(req, res) || next()));

  /** Answers 403 to a control request a web page may have sent; true when it did. */
  const refuseControl = (req: Request, res: Response, route: { ns: string; path: string }, started: number): boolean => {
    const refusal = findControlRefusal(req, allowsHost);
    if (!refusal) return false;
    sendProblem(res, 403, 'Forbidden', refusal);
    // at debug, as the control API's other requests: a page's tries must not flood the log
    if (started && requestLog.wants(403, true)) {
      const line = { time: services.clock.now(), ns: route.ns, method: req.method, path: route.path, status: 403 };
      requestLog.request({ ...line, ms: performance.now() - started, reason: refusal }, true);
    }
    return true;
  };

  app.use(async (req: Request, res: Response) => {
    const started = timed ? performance.now() : 0;
    const { url, path: target, q } = splitTarget(req.url);
    const route = splitNamespace(target, req.headers['x-authmock-namespace']);
    const toControl = control !== undefined && route.ok && isControlPath(route.path);
    if (toControl && refuseControl(req, res, route, started)) return;
    if ((toControl ? applyControlCors : applyCors)(req, res)) return;
    if (!route.ok) return void sendProblem(res, 400, 'Bad Request', route.detail);
    const path = route.path;
    if (path === CONTROL_SPEC_PATH && control) {
      res.writeHead(200, { 'Content-Type': 'application/yaml; charset=utf-8' });
      return void res.end(control.specText);
    }
    if (control && (path === INSPECTOR_PATH || path === STREAM_PATH) && req.method === 'GET') {
      if (!allowsInspector(req, options.controlKey))
        return void sendProblem(res, 401, 'Unauthorized', 'send the control key in X-Authmock-Key or as ?key=');
      return void (path === INSPECTOR_PATH ? serveInspectorPage(res, inspectorPage) : serveRequestStream(req, res, journal, route.ns));
    }
    if (control && toControl) {
      let api;
      try {
        api = await control.api();
      } catch (err) {
        services.log.error({ err }, 'the control API could not be built');
        return void sendProblem(res, 500, 'Internal Server Error', 'the control API could not be built; the log says why');
      }
      return serveApi(req, res, { api, ns: route.ns, path, url, q, started, mocked: false });
    }
    res.status(404).json({ message: `No API is served at ${path}. ${describeMounts(apis)}` });
    // outside every API, so outside serveApi: a wrong base URL is what a newcomer gets first
    if (started && requestLog.wants(404, false)) {
      const ms = performance.now() - started;
      requestLog.request({
        time: services.clock.now(),
        ns: route.ns,
        method: req.method,
        path,
        status: 404,
        ms,
        reason: 'no API is served here',
      });
    }
  });
  return Object.assign(app, { dispatch });
}

/** Where the APIs are served, the first MOUNTS_SHOWN of them: a spec of thousands of flow URLs makes no 400 KB 404. */
function describeMounts(apis: readonly { name: string; claims: readonly string[] }[]): string {
  const all = apis.flatMap((a) => a.claims.map((claim) => ({ name: a.name, claim })));
  const shown = all.slice(0, MOUNTS_SHOWN);
  const names = [...new Set(shown.map((m) => m.name))].map(
    (name) =>
      `${name}: ${shown
        .filter((m) => m.name === name)
        .map((m) => m.claim)
        .join(', ')}`,
  );
  const more = all.length - shown.length;
  return `${names.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

const MOUNTS_SHOWN = 20;

/** The control API's paths, its spec, the inspector page and its stream included. */
function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

/**
 * Why the control API refuses what a web page may have sent (docs/hardening-control-api.md):
 * a Host that is not this server's (DNS rebinding), or a change of state a cross-site form
 * could make. Asked before CORS, the namespace or the body, so nothing is opened for it.
 */
function findControlRefusal(req: Request, allowsHost: (host: string | undefined) => boolean): string | undefined {
  if (!allowsHost(req.headers.host)) {
    return `the Host ${JSON.stringify(req.headers.host)} is not this server's: the control API answers loopback names, its listen address and --allowed-host names`;
  }
  return findCrossSiteGap(req.method, req.headers);
}
