import { DEFAULT_NAMESPACE } from '../pipeline/namespaces.js';
import { NAMESPACE_PATH_PREFIX } from '../core/namespace-path.js';
import type { IncomingMessage } from 'node:http';

// Reading a request: the one place its target is taken apart (namespace, path, query), and
// its body read up to the limit.

/** A request target (`/rest/V1/customers/me?x=1`) split once at its query. */
export interface Target {
  /** the target exactly as received */
  url: string;
  /** the path, without the query */
  path: string;
  /** where the query starts in `url`; -1: none */
  q: number;
}

export function splitTarget(url: string): Target {
  const q = url.indexOf('?');
  return { url, path: q < 0 ? url : url.slice(0, q), q };
}

/** The target's query, parsed. */
export function queryOf(target: Pick<Target, 'url' | 'q'>): URLSearchParams {
  return new URLSearchParams(target.q < 0 ? '' : target.url.slice(target.q + 1));
}

export const NAMESPACE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const PREFIX = NAMESPACE_PATH_PREFIX;

export type NamespaceRoute = { ok: true; ns: string; path: string } | { ok: false; detail: string };

/**
 * The namespace a request runs in: the `/__ns/<name>` path prefix (then the rest of the
 * path is the API's), else the `X-Authmock-Namespace` header, else `default`.
 */
export function splitNamespace(path: string, header: string | string[] | undefined): NamespaceRoute {
  if (path.startsWith(PREFIX)) {
    const end = path.indexOf('/', PREFIX.length);
    const name = end < 0 ? path.slice(PREFIX.length) : path.slice(PREFIX.length, end);
    if (!NAMESPACE_NAME.test(name))
      return { ok: false, detail: `namespace names are 1 to 64 of A-Z a-z 0-9 _ -; got ${JSON.stringify(name.slice(0, 80))}` };
    return { ok: true, ns: name, path: end < 0 ? '/' : path.slice(end) };
  }
  if (header === undefined) return { ok: true, ns: DEFAULT_NAMESPACE, path };
  const name = Array.isArray(header) ? header[0] : header;
  if (!NAMESPACE_NAME.test(name))
    return { ok: false, detail: `X-Authmock-Namespace must be 1 to 64 of A-Z a-z 0-9 _ -; got ${JSON.stringify(name.slice(0, 80))}` };
  return { ok: true, ns: name, path };
}

export type BodyRead =
  | { kind: 'none' }
  | { kind: 'ok'; body: Buffer }
  /** `drained`: the rest of the body was read and thrown away, so the connection may answer and close cleanly */
  | { kind: 'too-large'; drained: boolean }
  /** the client went away mid-body: nobody is left to answer */
  | { kind: 'aborted'; error: Error };

export interface BodyLimits {
  /** the body limit in bytes */
  limit: number;
  /** past the limit, how much more is read and discarded before giving up (lingering close) */
  lingerBytes?: number;
  /** and for how long */
  lingerMs?: number;
}

/** nginx's lingering close reads for at most 30 s in steps of 5 s; authmock is a mock: 5 s, 8 MiB. */
export const LINGER_MS = 5000;
export const LINGER_BYTES = 8 * 1024 * 1024;

/** a request without a body: one answer for all of them */
const NO_BODY: BodyRead = Object.freeze({ kind: 'none' });

/**
 * Reads the whole body up to the limit; a request without one costs nothing. Past the
 * limit, the rest is read and discarded for a bounded size and time before the 413 is
 * sent: a client still writing when the server closes gets a reset (EPIPE) and never
 * reads the answer (Node's fetch), so the server waits until it has finished, as nginx's
 * lingering close does. A client that sent `Expect: 100-continue` has sent nothing yet and
 * is answered at once. Never rejects: an aborted upload is a result, not an exception.
 */
export function readBody(req: IncomingMessage, limits: BodyLimits | number): Promise<BodyRead> | BodyRead {
  const { limit, lingerBytes = LINGER_BYTES, lingerMs = LINGER_MS } = typeof limits === 'number' ? { limit: limits } : limits;
  const declared = req.headers['content-length'];
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  const whole = readWhole(req, limit);
  if (whole) return { kind: 'ok', body: whole };
  const declaredTooLarge = declared !== undefined && Number(declared) > limit;
  if (declaredTooLarge && expectsContinue(req)) return { kind: 'too-large', drained: false };
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = declaredTooLarge;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: BodyRead) => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      resolve(result);
    };
    const startLinger = () => {
      over = true;
      chunks.length = 0;
      timer = setTimeout(() => finish({ kind: 'too-large', drained: false }), lingerMs);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > limit + lingerBytes) finish({ kind: 'too-large', drained: false });
        return;
      }
      if (size > limit) return startLinger();
      chunks.push(chunk);
    };
    const onEnd = () =>
      finish(over ? { kind: 'too-large', drained: true } : { kind: 'ok', body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
    if (over) startLinger();
    req.on('data', onData);
    req.on('end', onEnd);
    // 'error' stays listened to after the end: a late reset must not become an uncaught error.
    req.on('error', (error) => finish({ kind: 'aborted', error }));
    req.on('aborted', () => finish({ kind: 'aborted', error: new Error('request aborted') }));
  });
}

/**
 * The body when all of it has already arrived (a small request comes in one packet with
 * its headers, and the parser has read it by the time the namespace is open): taken from
 * the stream's buffer at once, without the listeners and the promise of the streaming
 * read. Undefined when any of it is still to come, or past the limit.
 */
function readWhole(req: IncomingMessage, limit: number): Buffer | undefined {
  const size = req.readableLength;
  if (!req.complete || size === 0 || size > limit || req.readableFlowing !== null) return undefined;
  // with no size, read() hands over everything buffered, and the request is complete
  return (req.read() as Buffer | null) ?? undefined;
}

function expectsContinue(req: IncomingMessage): boolean {
  return /^\s*100-continue\s*$/i.test(req.headers.expect ?? '');
}
