import { join } from 'node:path';

/** Settings fixed at start-up. Defaults are the embedded ones `authmock serve` uses. */
/** A spec to serve, with the identity file that says who may call it (default: `<name>.authmock.yaml` beside it). */
export interface SpecEntry {
  spec: string;
  identities?: string;
}

export interface Config {
  host: string;
  port: number;
  specsDir: string;
  /** the APIs to serve: spec files, or built-in APIs by name (`commerce`, `social`); none: the built-ins */
  specs?: (string | SpecEntry)[];
  /** folders besides each spec's own that its `$ref`s may read (the project file's `refRoots`, absolute) */
  refRoots?: string[];
  /** the control API's spec (part of the package, not of --builtin-specs) */
  controlSpec: string;
  /** serve the control API under /__authmock/ */
  control: boolean;
  /** the key the control API requires off loopback; undefined: generated at start when needed */
  controlKey?: string;
  /** Host names the control API answers besides loopback and the listen address (--allowed-host) */
  allowedHosts: string[];
  /** namespaces a store may hold; past it a new one is refused */
  maxNamespaces: number;
  /** requests the journal keeps per namespace; 0: no journal */
  journalSize: number;
  /** the name this instance's journal entries carry; undefined: host:port */
  instanceName?: string;
  /** a delay of every mocked answer, in milliseconds (a random one in the range) */
  latency?: { min: number; max: number };
  fixturesDir: string;
  /** a directory for the persisted state, or 'memory' */
  state: string;
  /** the state to use when `state`, the default one, is in use by another server (`.authmock/state-<port>`); undefined when --state or AUTHMOCK_STATE chose it */
  stateFallback?: string;
  /** allowed CORS origins; '*' allows any */
  corsOrigins: string[];
  developerMode: boolean;
  /** a user spec's operations answer from its examples only: no stored resources */
  stateless?: boolean;
  /** made values' seed (`serve --seed`; docs/serving-your-spec.md, "Realistic values"); default 1 */
  seed?: number;
  /** answers from examples, else the plain sample: no realistic values (`serve --examples-only`) */
  examplesOnly?: boolean;
  /** generated objects added to every collection's seeds (`serve --generate`) */
  generate?: number;
  /** request body limit in bytes */
  bodyLimit: number;
  /** open connections the server accepts at once; undefined: no cap */
  maxConnections?: number;
  lockout: { maxFailures: number; seconds: number };
  /** token lifetimes in seconds per user type; undefined means never expire */
  tokenLifetimes: Record<string, number | undefined>;
  /** silent, error, warn, info (a line a request) or debug (the control API's requests too) */
  logLevel: string;
  /** `pretty` for people, `json` one object a line; undefined: pretty on a terminal, json otherwise */
  logFormat?: 'pretty' | 'json';
  /** where parsed specs and compiled validators are cached between starts; undefined: no cache */
  cacheDir?: string;
  /** commerce: accept HMAC-SHA1 OAuth signatures, as 2.4.3 did (docs/commerce-integrations.md §6) */
  oauthSha1?: boolean;
  /** commerce: an integration's access token works as a bearer token (§6) */
  integrationAsBearer?: boolean;
  /** commerce: admins log in through the two-factor provider endpoint (§7) */
  admin2fa?: boolean;
}

/**
 * `root` is the package's own directory, which is only read (specs, fixtures); what
 * authmock writes (the state, the cache) goes to `.authmock/` in `workDir`, the
 * directory it runs in, so an install into read-only or reinstalled `node_modules`
 * loses nothing.
 */
export function defaultConfig(root: string, workDir: string = process.cwd()): Config {
  return {
    host: '127.0.0.1',
    port: 4010,
    specsDir: `${root}/specs`,
    controlSpec: `${root}/specs/control.openapi.yaml`,
    control: true,
    allowedHosts: [],
    maxNamespaces: 1000,
    journalSize: 1000,
    fixturesDir: `${root}/fixtures`,
    state: join(workDir, '.authmock', 'state'),
    corsOrigins: ['*'],
    developerMode: false,
    bodyLimit: 1024 * 1024,
    lockout: { maxFailures: 6, seconds: 1800 },
    tokenLifetimes: {},
    logLevel: 'info',
    cacheDir: join(workDir, '.authmock', 'cache'),
  };
}
