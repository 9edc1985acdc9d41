import type { Operation, SecurityScheme } from '../../core/types.js';
import type { SpecModel } from '../../spec/spec-model.js';
import { NAMESPACE_PATH_PREFIX } from '../../core/namespace-path.js';
import { ISSUER_PATH, SERVER_PATHS } from '../../auth/oauth2/metadata.js';

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
 *
 * A served spec's operations keep their paths (`served` is every spec of the runtime): a
 * flow URL one of them declares is left to it, unless it is that spec's token endpoint
 * itself (a POST of a form, as Box's `/oauth2/token`); where one declares a well-known
 * path, the issuer takes a path (ISSUER_PATH) and the metadata moves below it. Each such
 * collision is a warning naming both.
 */
export function createPathResolver(specs: readonly SpecModel[], served: readonly SpecModel[] = specs) {
  const declared = declaredPaths(served);
  const warnings: string[] = [];
  const collide = (path: string, what: string, spare?: (op: DeclaredOp) => boolean): boolean => {
    const ops = (declared.get(path) ?? []).filter((op) => !spare?.(op));
    for (const op of ops)
      warnings.push(
        `${op.api}: ${op.method} ${path} (${op.operationId}) is the spec's own: the authorization server's ${what} is not served there`,
      );
    return ops.length > 0;
  };
  const issuerPath = [OIDC, RFC8414].some((p) => collide(p, 'well-known metadata')) ? ISSUER_PATH : '';
  if (issuerPath)
    warnings.push(`oauth-server: its issuer is <server>${ISSUER_PATH}, discovered at ${ISSUER_PATH}${OIDC} and ${RFC8414}${ISSUER_PATH}`);
  const exact = exactPaths(issuerPath);
  for (const [path, { endpoint }] of exact)
    if (path.startsWith(SERVER_DIR)) collide(path, `${endpoint.slice(1)} endpoint (its own path wins)`);
  const flows = new Map<string, Resolved>();
  for (const model of specs) {
    const paths = flowPathsOf(model);
    // the spec declares its token endpoint (Box): the machinery answers it and its siblings
    const tokenDeclared = paths.some(
      (p) => p.endpoint === '/token' && declared.get(p.path)?.some((op) => op.api === model.name && op.form),
    );
    for (const { path, endpoint } of paths) {
      if (exact.has(path) || path === OIDC || path === RFC8414) continue;
      const own = (op: DeclaredOp) =>
        op.api === model.name && tokenDeclared && endpoint !== '/authorize' && endpoint !== '/openid-configuration';
      if (collide(path, `${endpoint.slice(1)} endpoint (${model.name}'s flow URL)`, own)) continue;
      const other = flows.get(path);
      // a path two specs share names no single spec: every spec's clients are candidates there
      flows.set(path, other && other.api !== model.name ? { endpoint: other.endpoint } : { endpoint, api: model.name });
    }
  }
  // the two documents only: a spec's other /.well-known/* operations (Okta's) stay its own
  const wellKnown = issuerPath ? [`${RFC8414}${ISSUER_PATH}`, `${RFC8414}${NAMESPACE_PATH_PREFIX.slice(0, -1)}`] : [OIDC, RFC8414];
  return {
    /** the path prefixes the dispatch gives this server */
    claims: [SERVER_DIR, ...wellKnown, ...flows.keys()],
    /** `/__oauth` where a spec declares a well-known path, else empty: the issuer is the origin's */
    issuerPath,
    /** each place a spec's operation and a path of the server meet, naming both */
    warnings: [...new Set(warnings)],
    resolve(path: string): Resolved | undefined {
      const found = exact.get(path) ?? flows.get(path);
      if (found) return found;
      const named = (prefix: string) => {
        if (!path.startsWith(`${prefix}${NAMESPACE_PATH_PREFIX}`)) return undefined;
        const rest = path.slice(prefix.length + NAMESPACE_PATH_PREFIX.length);
        if (!issuerPath) return rest;
        return rest.endsWith(issuerPath) ? rest.slice(0, -issuerPath.length) : undefined;
      };
      const rfc8414 = named(RFC8414);
      if (rfc8414 !== undefined) return { endpoint: '/oauth-authorization-server', ns: rfc8414 };
      const oidc = issuerPath ? undefined : named(OIDC);
      if (oidc !== undefined) return { endpoint: '/openid-configuration', ns: oidc };
      return undefined;
    },
  };
}

/** `/__oauth`: where the server's own endpoints are. */
const SERVER_DIR = SERVER_PATHS.token.slice(0, SERVER_PATHS.token.lastIndexOf('/'));

/** The server's own endpoints and the metadata documents: at the origin's well-known paths, or below an issuer with a path. */
function exactPaths(issuerPath: string): Map<string, Resolved> {
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
  if (issuerPath) {
    exact.set(`${issuerPath}${OIDC}`, { endpoint: '/openid-configuration' });
    exact.set(`${issuerPath}${RFC8414}`, { endpoint: '/oauth-authorization-server' });
    exact.set(`${RFC8414}${issuerPath}`, { endpoint: '/oauth-authorization-server' });
  } else {
    exact.set(OIDC, { endpoint: '/openid-configuration' });
    exact.set(RFC8414, { endpoint: '/oauth-authorization-server' });
  }
  return exact;
}

interface DeclaredOp {
  api: string;
  method: string;
  operationId: string;
  /** a POST whose body is a form: a token endpoint as RFC 6749 §3.2 describes it */
  form: boolean;
}

const isForm = (op: Operation) => op.requestBody?.media.byType.has('application/x-www-form-urlencoded') ?? false;

/** Every served operation by its full path (mount and path, a `#suffix` dropped). */
function declaredPaths(models: readonly SpecModel[]): Map<string, DeclaredOp[]> {
  const out = new Map<string, DeclaredOp[]>();
  for (const model of models) {
    for (const op of model.operations) {
      const path = `${model.mount === '/' ? '' : model.mount}${op.path.split('#')[0]}`;
      const form = op.method === 'POST' && isForm(op);
      const list = out.get(path) ?? [];
      list.push({ api: model.name, method: op.method, operationId: op.operationId, form });
      out.set(path, list);
    }
  }
  return out;
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
