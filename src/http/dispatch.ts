import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedApi } from '../pipeline/served-api.js';
import type { ApiRoute } from './serve-api.js';
import { splitNamespace, splitTarget } from './split-target.js';
import { stripMount } from '../pipeline/strip-mount.js';
import { CONTROL_PREFIX } from '../control/create-control-api.js';

/** Takes a request (and answers it) or leaves it to the next handler. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request handler for what the dispatch leaves, carrying the dispatch (the Express app is one). */
export type DispatchingHandler = ((req: IncomingMessage, res: ServerResponse) => void) & { dispatch: Dispatch };

export interface DispatchParts {
  apis: readonly ServedApi[];
  /** something reads the time a request took (the journal, the request log) */
  timed: boolean;
  /** answers a CORS preflight, or adds the allow headers; true: answered */
  applyCors(req: IncomingMessage, res: ServerResponse): boolean;
  /** a preflight of a mocked API's path was answered: the request log's line */
  preflightAnswered?(ns: string, path: string, started: number): void;
  serveApi(req: IncomingMessage, res: ServerResponse, route: ApiRoute): Promise<void>;
}

/**
 * The mocked APIs' requests, straight from node:http to the pipeline: Express's router,
 * its request and response decorations and its query parsing cost about as much as the
 * whole pipeline does (issue #15's profile). Everything else (the control API, the
 * inspector, health, a 404 or a bad namespace) is left to the Express app, so a request
 * answered here behaves exactly as it did through Express.
 */
export function createDispatch(parts: DispatchParts): Dispatch {
  const { apis, timed, applyCors, serveApi, preflightAnswered } = parts;
  return function dispatch(req, res) {
    const { url, path, q } = splitTarget(req.url ?? '/');
    const route = splitNamespace(path, req.headers['x-authmock-namespace']);
    // the control API, the inspector and health are Express's, whatever a root-mounted spec claims
    if (!route.ok || route.path.startsWith(CONTROL_PREFIX)) return false;
    const api = pickApi(apis, route.path, req.method ?? 'GET');
    if (!api) return false;
    const started = timed ? performance.now() : 0;
    if (req.headers.origin !== undefined && applyCors(req, res)) {
      preflightAnswered?.(route.ns, route.path, started);
      return true;
    }
    void serveApi(req, res, { api, ns: route.ns, path: route.path, url, q, started, mocked: true });
    return true;
  };
}

/**
 * The API a path belongs to: the one with the longest claim the path is under (`/rest`,
 * `/socialapi`, `/v3`). Where several claim the same prefix (specs mounted at the root),
 * the one whose routes know the path; else the first.
 */
export function pickApi(apis: readonly ServedApi[], path: string, method = 'GET'): ServedApi | undefined {
  let best: ServedApi | undefined;
  let bestLength = -1;
  let tied: ServedApi[] = [];
  for (const api of apis) {
    for (const claim of api.claims) {
      if (!underClaim(path, claim)) continue;
      if (claim.length > bestLength) {
        best = api;
        bestLength = claim.length;
        tied = [api];
      } else if (claim.length === bestLength && api !== best) tied.push(api);
    }
  }
  if (tied.length > 1) return tied.find((a) => a.router.match(method, stripMount(a.model.mount, path) ?? path).kind !== 'none') ?? best;
  return best;
}

function underClaim(path: string, claim: string): boolean {
  if (claim === '/') return true;
  return path === claim || (path.startsWith(claim) && path[claim.length] === '/');
}
