import type { SecurityScheme } from '../../core/types.js';
import type { SpecModel } from '../../spec/spec-model.js';
import { NAMESPACE_PATH_PREFIX } from '../../core/namespace-path.js';
import { SERVER_PATHS } from '../../auth/oauth2/metadata.js';

/** The server's endpoints by their canonical path in its spec (server-spec.ts). */
export type Endpoint =
  '/token' | '/authorize' | '/revoke' | '/introspect' | '/userinfo' | '/jwks' | '/openid-configuration' | '/oauth-authorization-server';

export interface Resolved {
  endpoint: Endpoint;
  /** the spec whose flow URL this is: its clients are the ones meant */
  api?: string;
  /** RFC 8414 §3.1's path-inserted form names the issuer's namespace in the path */
  ns?: string;
}

export const WELL_KNOWN = '/.well-known';
const OIDC = `${WELL_KNOWN}/openid-configuration`;
const RFC8414 = `${WELL_KNOWN}/oauth-authorization-server`;

/**
 * Where each of the server's endpoints answers: its own paths (`/__oauth/...`), the
 * well-known metadata (RFC 8414 §3.1 with the issuer's path inserted after it), and every
 * spec's flow URLs at their paths: `tokenUrl` and `refreshUrl` are the token endpoint,
 * `authorizationUrl` the authorization endpoint, an openIdConnect scheme's
 * `openIdConnectUrl` the metadata. Where a spec declares its own revocation or
 * introspection beside its token path (`/oauth2/revoke`), those answer too.
 */
export function createPathResolver(specs: readonly SpecModel[]) {
  const exact = new Map<string, Resolved>();
  for (const [endpoint, path] of Object.entries({
    '/token': SERVER_PATHS.token,
    '/authorize': SERVER_PATHS.authorize,
    '/revoke': SERVER_PATHS.revoke,
    '/introspect': SERVER_PATHS.introspect,
    '/userinfo': SERVER_PATHS.userinfo,
    '/jwks': SERVER_PATHS.jwks,
  } as const)) {
    exact.set(path, { endpoint: endpoint as Endpoint });
  }
  exact.set(OIDC, { endpoint: '/openid-configuration' });
  exact.set(RFC8414, { endpoint: '/oauth-authorization-server' });
  const flows = new Map<string, Resolved>();
  for (const model of specs) {
    for (const { path, endpoint } of flowPathsOf(model)) {
      if (exact.has(path)) continue;
      const other = flows.get(path);
      // a path two specs share names no single spec: every spec's clients are candidates there
      flows.set(path, other && other.api !== model.name ? { endpoint: other.endpoint } : { endpoint, api: model.name });
    }
  }
  return {
    /** the path prefixes the dispatch gives this server */
    claims: [SERVER_PATHS.token.slice(0, SERVER_PATHS.token.lastIndexOf('/')), WELL_KNOWN, ...flows.keys()],
    resolve(path: string): Resolved | undefined {
      const found = exact.get(path) ?? flows.get(path);
      if (found) return found;
      if (path.startsWith(`${RFC8414}${NAMESPACE_PATH_PREFIX}`))
        return { endpoint: '/oauth-authorization-server', ns: path.slice(RFC8414.length + NAMESPACE_PATH_PREFIX.length) };
      if (path.startsWith(`${OIDC}${NAMESPACE_PATH_PREFIX}`))
        return { endpoint: '/openid-configuration', ns: path.slice(OIDC.length + NAMESPACE_PATH_PREFIX.length) };
      return undefined;
    },
  };
}

export type PathResolver = ReturnType<typeof createPathResolver>;

/** A flow URL's path: an absolute URL's own, a relative one's against the spec's first server (OpenAPI 3.1 §4.4). */
export function pathOf(url: string, model: SpecModel): string | undefined {
  try {
    const base = `http://authmock.invalid${model.mount === '/' ? '' : model.mount}/`;
    const path = new URL(url, base).pathname.replace(/\/+$/, '');
    return path || '/';
  } catch {
    return undefined;
  }
}

function flowPathsOf(model: SpecModel): { path: string; endpoint: Endpoint }[] {
  const out: { path: string; endpoint: Endpoint }[] = [];
  const add = (url: string | undefined, endpoint: Endpoint) => {
    const path = url && pathOf(url, model);
    if (path && path !== '/') out.push({ path, endpoint });
  };
  for (const scheme of model.schemes.values()) {
    if (scheme.type === 'openIdConnect') add(scheme.url, '/openid-configuration');
    if (scheme.type !== 'oauth2') continue;
    for (const flow of Object.values(scheme.flows)) {
      add(flow.tokenUrl, '/token');
      add(flow.refreshUrl, '/token');
      add(flow.authorizationUrl, '/authorize');
    }
  }
  for (const { path } of [...out].filter((p) => p.endpoint === '/token')) out.push(...siblingsOf(model, path));
  // where the spec declares a flow path as its own operation, that operation (under the spec's mount) is the machinery's too
  const mounted =
    model.mount === '/' ? [] : out.filter((p) => declares(model, p.path)).map((p) => ({ ...p, path: `${model.mount}${p.path}` }));
  return [...out, ...mounted];
}

/** `/oauth2/revoke` and `/oauth2/introspect` beside `/oauth2/token`, where the spec declares them. */
function siblingsOf(model: SpecModel, tokenPath: string): { path: string; endpoint: Endpoint }[] {
  const dir = tokenPath.slice(0, tokenPath.lastIndexOf('/'));
  const out: { path: string; endpoint: Endpoint }[] = [];
  for (const [name, endpoint] of [
    ['revoke', '/revoke'],
    ['introspect', '/introspect'],
  ] as const) {
    const path = `${dir}/${name}`;
    if (declares(model, path)) out.push({ path, endpoint });
  }
  return out;
}

/** Whether the spec has an operation at this path (a `#suffix`, as Box's `/oauth2/token#refresh`, is the same path). */
function declares(model: SpecModel, path: string): boolean {
  return model.operations.some((op) => op.path.split('#')[0] === path);
}

export function hasOAuthScheme(schemes: ReadonlyMap<string, SecurityScheme>): boolean {
  return [...schemes.values()].some((s) => s.type === 'oauth2' || s.type === 'openIdConnect');
}
