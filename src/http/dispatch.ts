import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRuntime } from '../pipeline/api-runtime.js';
import type { ApiRoute } from './serve-api.js';
import { splitNamespace } from './split-namespace.js';

/** Takes a request (and answers it) or leaves it to the next handler. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request handler for what the dispatch leaves, carrying the dispatch (the Express app is one). */
export type DispatchingHandler = ((req: IncomingMessage, res: ServerResponse) => void) & { dispatch: Dispatch };

export interface DispatchParts {
  apis: readonly ApiRuntime[];
  /** something reads the time a request took (the journal, the request log) */
  timed: boolean;
  /** answers a CORS preflight, or adds the allow headers; true: answered */
  applyCors(req: IncomingMessage, res: ServerResponse): boolean;
  serveApi(req: IncomingMessage, res: ServerResponse, route: ApiRoute): Promise<void>;
  /** requests under an API's prefix that are not the API's (the fixtures' thumbnails) */
  exclude?: (req: IncomingMessage) => boolean;
}

/**
 * The mocked APIs' requests, straight from node:http to the pipeline: Express's router,
 * its request and response decorations and its query parsing cost about as much as the
 * whole pipeline does (issue #15's profile). Everything else (the control API, the
 * inspector, health, a 404 or a bad namespace) is left to the Express app, so a request
 * answered here behaves exactly as it did through Express.
 */
export function createDispatch(parts: DispatchParts): Dispatch {
  const { apis, timed, applyCors, serveApi, exclude } = parts;
  return function dispatch(req, res) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const route = splitNamespace(q < 0 ? url : url.slice(0, q), req.headers['x-authmock-namespace']);
    if (!route.ok) return false;
    const api = pickApi(apis, route.path);
    if (!api || exclude?.(req)) return false;
    const started = timed ? performance.now() : 0;
    if (applyCors(req, res)) return true;
    void serveApi(req, res, { api, ns: route.ns, path: route.path, url, q, started, mocked: true });
    return true;
  };
}

/** The API whose prefix the path is under. */
export function pickApi(apis: readonly ApiRuntime[], path: string): ApiRuntime | undefined {
  for (const api of apis) {
    if (path === api.prefix || (path.startsWith(api.prefix) && path[api.prefix.length] === '/')) return api;
  }
  return undefined;
}
