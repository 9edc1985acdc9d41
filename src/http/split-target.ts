import { DEFAULT_NAMESPACE } from '../pipeline/namespaces.js';
import { NAMESPACE_PATH_PREFIX } from '../core/namespace-path.js';

// The one place a request target is taken apart: its namespace, its path, its query.

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
