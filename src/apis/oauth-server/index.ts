import type { ServedApi } from '../../pipeline/served-api.js';
import type { NamespaceView } from '../../pipeline/stages.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { TokenCodec } from '../../auth/tokens.js';
import { specFromDoc } from '../../spec/load-spec.js';
import { LiveCompiler } from '../../spec/schema-compiler.js';
import { buildSpecModel } from '../../spec/spec-model.js';
import { createSampler } from '../../spec/samples.js';
import { Router } from '../../pipeline/router.js';
import { scopesOf } from '../spec-api/default-identities.js';
import { USER } from '../spec-api/spec-identities.js';
import { SERVER_SPEC } from './server-spec.js';
import { createPathResolver, hasOAuthScheme } from './resolve-path.js';
import { createServerDialect } from './server-dialect.js';
import { tokenHandlers } from './token-handlers.js';
import { authorizeHandlers } from './authorize-handlers.js';
import { metadataHandlers } from './metadata-handlers.js';
import type { ServerParts } from './server-parts.js';

/** The authorization server's name: the journal's and the control API's `api` for its requests. */
export const OAUTH_SERVER = 'oauth-server';

export interface OAuthServerSetup {
  /** every API of the runtime; those with an oauth2 or openIdConnect scheme are served */
  apis: readonly ServedApi[];
  secrets: SecretDigester;
  /** where the server is reached, known once it listens */
  baseUrl(): string;
  /** a start-up finding: where a spec's operation and one of the server's paths meet */
  warn?(message: string): void;
}

const NO_TOKENS: TokenCodec = { shape: /$^/, maxId: 0, newVerifier: () => '', encode: () => '', decode: () => [] };

/** Where a client discovers the issuer: OpenID Connect Discovery §4's `<issuer>/.well-known/openid-configuration`. */
function discoveryUrl(base: string, issuerPath: string): string {
  return `${base}${issuerPath}/.well-known/openid-configuration`;
}

/** The APIs whose tokens the authorization server issues. */
export function oauthApis(apis: readonly ServedApi[]): ServedApi[] {
  return apis.filter((a) => hasOAuthScheme(a.model.schemes));
}

/**
 * The authorization server of every spec that names one (an oauth2 or openIdConnect
 * scheme), as one more API of the runtime: the same request path, so the journal records
 * each grant, steering can fail one, and the namespace's clock and state apply. Its
 * endpoints are described by its own small spec (server-spec.ts) and reached at its own
 * paths, the well-known ones and every spec's flow URLs. Undefined when no spec needs it.
 */
export function createOAuthServer(setup: OAuthServerSetup): ServedApi | undefined {
  const specs = oauthApis(setup.apis);
  if (specs.length === 0) return undefined;
  const spec = specFromDoc(`/authmock/${OAUTH_SERVER}.openapi.json`, structuredClone(SERVER_SPEC), '3.1.0');
  const model = buildSpecModel(spec, new LiveCompiler([spec]), { name: OAUTH_SERVER, defaultPermission: 'anonymous' });
  const resolver = createPathResolver(
    specs.map((a) => a.model),
    setup.apis.map((a) => a.model),
  );
  for (const warning of resolver.warnings) setup.warn?.(warning);
  const parts: ServerParts = {
    name: OAUTH_SERVER,
    resolver,
    codecs: new Map<string, TokenCodec>(specs.map((a) => [a.name, a.tokens])),
    apis: specs.map((a) => a.name),
    userOrder: new Map(specs.map((a) => [a.name, a.seed.filter((i) => i.kind === USER).map((i) => i.id)])),
    implicitApis: new Set(
      specs.filter((a) => [...a.model.schemes.values()].some((s) => s.type === 'oauth2' && s.flows.implicit)).map((a) => a.name),
    ),
    scopes: [...new Set(specs.flatMap((a) => scopesOf(a.model)))],
    secrets: setup.secrets,
    baseUrl: setup.baseUrl,
  };
  const handlers = Object.freeze({ ...tokenHandlers(parts), ...authorizeHandlers(parts), ...metadataHandlers(parts) });
  return Object.freeze({
    name: OAUTH_SERVER,
    // authmock's own endpoints, not a user's spec: never reported as a spec served open
    builtIn: true,
    model,
    claims: resolver.claims,
    servedAt: resolver.claims.map((c) => `${c}/...`).join(', '),
    router: new Router(model.operations),
    sample: createSampler([]),
    handlers,
    dialect: createServerDialect(OAUTH_SERVER, resolver),
    // it issues the specs' tokens, none of its own
    tokens: NO_TOKENS,
    seed: [],
    userTypes: [],
    strictAnswers: true,
    writesOnRead: true,
    directory: (ns: NamespaceView) => ({ now: () => ns.now() }),
    // the issuer discovery clients are given (OpenID Connect Discovery §4, RFC 8414 §3)
    describeAccounts: () => [
      `issuer ${setup.baseUrl()}${resolver.issuerPath} (discovery: ${discoveryUrl(setup.baseUrl(), resolver.issuerPath)})`,
    ],
  });
}
