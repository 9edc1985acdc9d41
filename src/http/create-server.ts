import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestInput } from '../core/types.js';
import type { Runtime } from '../pipeline/runtime.js';
import { DEFAULT_NAMESPACE } from '../pipeline/namespaces.js';
import { runRequest } from '../pipeline/run-request.js';
import { queryOf, splitTarget, splitNamespace } from './read-request.js';
import type { ServedApi } from '../pipeline/served-api.js';
import type { ApiRoute } from './serve-api.js';
import { stripMount } from '../pipeline/strip-mount.js';
import { CONTROL_PREFIX } from '../control/create-control-api.js';

/**
 * A whole request (headers and body) must arrive within 30 s, its headers within 10 s:
 * Node's defaults (300 s, 60 s) let a client trickling a byte every few seconds hold a
 * connection for five minutes. Node checks these every `checkIntervalMs`.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;
/** Node's default is 16 KiB; a 100 KB token must reach the verifier to be refused as RFC 6750 says. */
export const MAX_HEADER_BYTES = 128 * 1024;

export interface ServerLimits {
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** how often Node looks for requests past those timeouts */
  checkIntervalMs?: number;
  /** open connections past this are refused (closed at once); undefined: no cap */
  maxConnections?: number;
}

/**
 * The node:http server around the Express app, with what Express cannot do itself:
 * explicit timeouts and a connection cap, `Expect: 100-continue` answered by the app
 * (so an oversized declared body gets its 413 before it is sent), and `CONNECT`, which
 * Node hands to a 'connect' listener or else closes, answered in the API's own format.
 */
export function createHttpServer(runtime: Runtime, app: DispatchingHandler, limits: ServerLimits = {}): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      headersTimeout: limits.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: limits.checkIntervalMs ?? 1000,
      keepAliveTimeout: 65_000,
      // a bearer token far too long is the API's own 401 invalid_token, not a bare 431
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    // the mocked APIs straight to the pipeline; the rest through Express
    (req, res) => void (app.dispatch(req, res) || app(req, res)),
  );
  if (limits.maxConnections !== undefined) server.maxConnections = limits.maxConnections;
  const { bodyLimit } = runtime.services.config;
  server.on('checkContinue', (req: IncomingMessage, res) => {
    // Not sending 100 Continue for a declared length past the limit: the client then waits,
    // and readBody answers the 413 without waiting for a body that will not come.
    if (!(Number(req.headers['content-length']) > bodyLimit)) res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => void answerConnect(runtime, req, socket));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    runtime.services.log.debug({ code: err.code, message: err.message }, 'client error');
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    // As Node's own handler answers, without its default of printing nothing to the log.
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}

/** CONNECT on an API's path gets that API's answer to an unknown method; elsewhere a plain 400. */
async function answerConnect(runtime: Runtime, req: IncomingMessage, socket: Duplex): Promise<void> {
  socket.on('error', (err) => runtime.services.log.debug({ err: err.message }, 'CONNECT socket error'));
  const target = splitTarget(req.url ?? '');
  const { path } = target;
  const api = path.startsWith('/') ? pickApi(runtime.apis, path) : undefined;
  let status = 400;
  let headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
  let payload = 'CONNECT is not supported: authmock is not a proxy.\n';
  if (api) {
    const input: RequestInput = {
      method: 'CONNECT',
      path,
      query: queryOf(target),
      headers: req.headers,
    };
    const ns = await runtime.namespaces.open(DEFAULT_NAMESPACE);
    const { wire } = await runRequest(api, input, ns, runtime);
    ({ status, headers, payload } = { status: wire.status, headers: wire.headers, payload: String(wire.payload) });
  }
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(payload)), Connection: 'close' })) {
    head.push(`${name}: ${value}`);
  }
  socket.end(`${head.join('\r\n')}\r\n\r\n${payload}`);
}

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
