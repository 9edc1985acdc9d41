import type { OAuthFlow, SecurityRequirement, SecurityScheme } from '../core/types.js';
import { toPointer } from './json-pointer.js';
import { deref, type LoadedSpec } from './load-spec.js';

/** The security schemes a spec declares, as authmock verifies them, and what it could not. */
export interface SchemeTable {
  schemes: ReadonlyMap<string, SecurityScheme>;
  warnings: string[];
}

const API_KEY_PLACES = new Set(['header', 'query', 'cookie']);

/**
 * `components.securitySchemes` (OpenAPI 3.1 §4.8.27): apiKey in a header, query parameter
 * or cookie; http basic and bearer (the scheme name case-insensitive, RFC 7235); oauth2 and
 * openIdConnect, whose bearer tokens authmock issues. Anything else (mutualTLS, http digest,
 * a scheme name nobody registered) is kept as unsupported with a warning: an operation that
 * only it can satisfy answers 401. Two vendor extensions let a spec say more than OpenAPI
 * can: `x-authmock-verifier` (`token`: an apiKey that carries a token this API issued;
 * `oauth1`: an OAuth 1.0a signed request in the header) and `x-authmock-body-field` (a
 * bearer token that may also come as that field of the request body).
 */
/**
 * What an identity file says of a spec's schemes that the spec cannot: the word before an
 * `Authorization` API key (`prefixes: { okta: SSWS }`), and the parameters or form fields
 * that carry a scheme's credential (`params: { token: oauth2 }`, Slack's `token`).
 */
export interface SchemeOverlay {
  prefixes?: Readonly<Record<string, string>>;
  params?: Readonly<Record<string, string>>;
}

export function readSchemes(spec: LoadedSpec, overlay: SchemeOverlay = {}): SchemeTable {
  const schemes = new Map<string, SecurityScheme>();
  const warnings: string[] = [];
  const declared: Record<string, unknown> = spec.doc.components?.securitySchemes ?? {};
  for (const [name, node] of Object.entries(declared)) {
    const at = toPointer(['components', 'securitySchemes', name]);
    const raw = deref<Record<string, any>>(spec, node, at);
    const scheme = withOverlay(readScheme(name, raw), overlay);
    if (scheme.type === 'unsupported')
      warnings.push(`security scheme ${name} (${scheme.declared}) is not supported: operations that only it satisfies answer 401`);
    schemes.set(name, scheme);
  }
  for (const [what, name] of [
    ...Object.keys(overlay.prefixes ?? {}).map((n) => [`schemes.${n}`, n]),
    ...Object.entries(overlay.params ?? {}).map(([p, n]) => [`credentialParameters.${p}`, n]),
  ]) {
    if (!schemes.has(name)) warnings.push(`the identity file's ${what} names security scheme ${name}, which the spec does not declare`);
  }
  return { schemes, warnings };
}

/**
 * How a description of an API key in the Authorization header shows the word before the key:
 * opening with `<word> {…}` (Okta's "SSWS {API Token}"), or anywhere as `Authorization: <word>
 * <placeholder>`, the placeholder in braces, angle or square brackets, a `$NAME` or a NAME in
 * capitals (InfluxDB's "Authorization: Token INFLUX_API_TOKEN").
 */
const PREFIX_IN_DESCRIPTION = [
  /^\s*([A-Za-z][\w-]*)\s+\{[^}]*\}/,
  /\b[Aa]uthorization:\s*([A-Za-z][\w-]*)\s+(?:\{[^}\n]*\}|<[^>\n]*>|\[[^\]\n]*\]|\$?[A-Z][A-Z0-9_]*\b)/,
];

function withOverlay(scheme: SecurityScheme, overlay: SchemeOverlay): SecurityScheme {
  const prefix = overlay.prefixes?.[scheme.name];
  if (scheme.type === 'apiKey' && prefix) return { ...scheme, prefix };
  const params = Object.entries(overlay.params ?? {})
    .filter(([, name]) => name === scheme.name)
    .map(([param]) => param);
  if (
    params.length &&
    (scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer'))
  )
    return { ...scheme, params };
  return scheme;
}

function readScheme(name: string, raw: Record<string, any> | undefined): SecurityScheme {
  const type = String(raw?.type ?? '');
  if (type === 'apiKey' && API_KEY_PLACES.has(raw?.in) && typeof raw?.name === 'string' && raw.name) {
    const verifier = raw['x-authmock-verifier'];
    return {
      name,
      type: 'apiKey',
      in: raw.in,
      param: raw.name,
      ...(verifier === 'token' || verifier === 'oauth1' ? { verifier } : {}),
      ...prefixOf(raw),
    };
  }
  if (type === 'http') {
    const scheme = String(raw?.scheme ?? '').toLowerCase();
    if (scheme === 'basic') return { name, type: 'http', scheme: 'basic' };
    if (scheme === 'bearer') {
      const bodyField = raw?.['x-authmock-body-field'];
      return { name, type: 'http', scheme: 'bearer', ...(typeof bodyField === 'string' && bodyField ? { bodyField } : {}) };
    }
    return { name, type: 'unsupported', declared: `http ${scheme || '(no scheme)'}` };
  }
  if (type === 'oauth2') return { name, type: 'oauth2', flows: readFlows(raw?.flows) };
  if (type === 'openIdConnect' && typeof raw?.openIdConnectUrl === 'string') {
    return { name, type: 'openIdConnect', url: raw.openIdConnectUrl };
  }
  return { name, type: 'unsupported', declared: type || '(no type)' };
}

function readFlows(flows: unknown): Readonly<Record<string, OAuthFlow>> {
  const out: Record<string, OAuthFlow> = {};
  if (!flows || typeof flows !== 'object') return out;
  for (const [kind, raw] of Object.entries<any>(flows)) {
    if (!raw || typeof raw !== 'object') continue;
    out[kind] = {
      ...(typeof raw.authorizationUrl === 'string' ? { authorizationUrl: raw.authorizationUrl } : {}),
      ...(typeof raw.tokenUrl === 'string' ? { tokenUrl: raw.tokenUrl } : {}),
      ...(typeof raw.refreshUrl === 'string' ? { refreshUrl: raw.refreshUrl } : {}),
      scopes: raw.scopes && typeof raw.scopes === 'object' ? Object.keys(raw.scopes) : [],
    };
  }
  return out;
}

/**
 * An operation's security requirements (OpenAPI 3.1 §4.8.30): its own `security` replaces
 * the top-level one; the list is OR, the schemes of one requirement AND; `{}` makes
 * authentication optional; an empty list (or none anywhere) leaves the operation open.
 * A requirement naming an undeclared scheme can never be met: it stays, with a warning.
 */
export function readRequirements(
  spec: LoadedSpec,
  raw: Record<string, any>,
  at: string[],
  schemes: ReadonlyMap<string, SecurityScheme>,
  warn: (message: string) => void,
): SecurityRequirement[] {
  const own = raw.security !== undefined;
  const list: unknown = own ? raw.security : spec.doc.security;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    warn(`${toPointer(own ? [...at, 'security'] : ['security'])} is not a list; the operation is served open`);
    return [];
  }
  return list.map((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    return Object.entries<unknown>(entry).map(([scheme, scopes]) => {
      if (!schemes.has(scheme))
        warn(`${toPointer(at)} requires security scheme ${scheme}, which components.securitySchemes does not declare`);
      return { scheme, scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] };
    });
  });
}

/** Adds permissions every requirement needs (from `x-authmock-permission` or an identity file): `{}` stays optional. */
export function requireScopes(requirements: readonly SecurityRequirement[], scopes: readonly string[]): SecurityRequirement[] {
  if (scopes.length === 0) return [...requirements];
  return requirements.map((req) => req.map((entry) => ({ scheme: entry.scheme, scopes: [...new Set([...entry.scopes, ...scopes])] })));
}

/** The scheme names requirements use, each once, in order (an operation keeps its own: Operation.schemes). */
export function schemesOf(requirements: readonly SecurityRequirement[]): string[] {
  return [...new Set(requirements.flatMap((req) => req.map((e) => e.scheme)))];
}

/** Okta's `Authorization: SSWS <key>`: an API key in the Authorization header whose description shows the word. */
function prefixOf(raw: Record<string, any>): { prefix?: string } {
  if (raw.in !== 'header' || String(raw.name).toLowerCase() !== 'authorization') return {};
  if (typeof raw.description !== 'string') return {};
  for (const pattern of PREFIX_IN_DESCRIPTION) {
    const found = pattern.exec(raw.description);
    if (found) return { prefix: found[1] };
  }
  return {};
}
