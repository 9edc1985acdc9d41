import { resolve } from 'node:path';
import { defaultConfig, type Config } from '../config.js';
import { pickRedisUrl } from '../store/redis/redis-url.js';

export interface ServeFlags {
  port?: string;
  host?: string;
  builtinSpecs?: string;
  /** the old name of --builtin-specs */
  specs?: string;
  fixtures?: string;
  state?: string;
  corsOrigin?: string[];
  dev?: boolean;
  stateless?: boolean;
  seed?: string;
  examplesOnly?: boolean;
  generate?: string;
  bodyLimit?: string;
  maxConnections?: string;
  lockoutFailures?: string;
  lockoutSeconds?: string;
  logLevel?: string;
  logFormat?: 'pretty' | 'json';
  quiet?: boolean;
  controlKey?: string;
  allowedHost?: string[];
  control?: boolean;
  maxNamespaces?: string;
  journalSize?: string;
  instanceName?: string;
  latency?: string;
  oauthSha1?: boolean;
  integrationAsBearer?: boolean;
  admin2fa?: boolean;
  /** --<type>-token-lifetime, one per user type of the API modules */
  [lifetime: `${string}TokenLifetime`]: string | undefined;
}

export { UsageError } from '../core/usage-error.js';
import { UsageError } from '../core/usage-error.js';

/** Flags, then environment (PORT, AUTHMOCK_STATE), then the embedded defaults (state in `./.authmock/state`). */
export function toConfig(
  root: string,
  flags: ServeFlags,
  modules: readonly { userTypes: readonly string[] }[],
  env: NodeJS.ProcessEnv = process.env,
): Config {
  const base = defaultConfig(root);
  const state = flags.state || env.AUTHMOCK_STATE || base.state;
  return {
    ...base,
    host: flags.host ?? base.host,
    port: int('--port', flags.port ?? env.PORT, base.port, 0, 65535),
    specsDir: (flags.builtinSpecs ?? flags.specs) ? resolve((flags.builtinSpecs ?? flags.specs) as string) : base.specsDir,
    fixturesDir: flags.fixtures ? resolve(flags.fixtures) : base.fixturesDir,
    state: state === 'memory' ? 'memory' : (redisState(state, env) ?? resolve(state)),
    ...(flags.state || env.AUTHMOCK_STATE ? {} : { stateFallback: resolve(`${base.state}-${flags.port ?? env.PORT ?? base.port}`) }),
    corsOrigins: flags.corsOrigin?.length ? flags.corsOrigin.flatMap((o) => o.split(',')).map((o) => o.trim()) : base.corsOrigins,
    developerMode: flags.dev ?? false,
    ...(flags.stateless ? { stateless: true } : {}),
    ...(flags.seed !== undefined ? { seed: int('--seed', flags.seed, 1, 0, 2 ** 31 - 1) } : {}),
    ...(flags.examplesOnly ? { examplesOnly: true } : {}),
    ...(flags.generate !== undefined ? { generate: int('--generate', flags.generate, 0, 0, 10_000) } : {}),
    bodyLimit: int('--body-limit', flags.bodyLimit, base.bodyLimit, 1, 64 * 1024 * 1024),
    maxConnections: flags.maxConnections === undefined ? undefined : int('--max-connections', flags.maxConnections, 0, 1, 1e6),
    lockout: {
      maxFailures: int('--lockout-failures', flags.lockoutFailures, base.lockout.maxFailures, 1, 1e6),
      seconds: int('--lockout-seconds', flags.lockoutSeconds, base.lockout.seconds, 0, 1e9),
    },
    tokenLifetimes: Object.fromEntries(
      modules
        .flatMap((m) => m.userTypes)
        .map((type) => [type, optionalInt(`--${type}-token-lifetime`, flags[`${camel(type)}TokenLifetime`])]),
    ),
    logLevel: flags.quiet ? 'error' : (flags.logLevel ?? base.logLevel),
    logFormat: flags.logFormat,
    control: flags.control !== false,
    controlKey: flags.controlKey || env.AUTHMOCK_CONTROL_KEY || undefined,
    allowedHosts: allowedHosts(flags.allowedHost),
    maxNamespaces: int('--max-namespaces', flags.maxNamespaces, base.maxNamespaces, 1, 1e6),
    journalSize: int('--journal-size', flags.journalSize, base.journalSize, 0, 1e6),
    instanceName: instanceName(flags.instanceName),
    latency: parseLatency(flags.latency),
    oauthSha1: flags.oauthSha1 ?? false,
    integrationAsBearer: flags.integrationAsBearer ?? false,
    admin2fa: flags.admin2fa ?? false,
  };
}

/** A Redis URL, given or (`--state redis`) from AUTHMOCK_REDIS_URL; undefined for a directory. */
function redisState(state: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return pickRedisUrl(state, env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** `--allowed-host a.test --allowed-host b.test` (or comma-separated): names, not URLs, so that a typo is said at once. */
function allowedHosts(given: string[] | string | undefined): string[] {
  const names = (typeof given === 'string' ? [given] : (given ?? [])).flatMap((h) => h.split(',')).map((h) => h.trim());
  for (const name of names) {
    if (!/^[A-Za-z0-9._:[\]-]*$/.test(name))
      throw new UsageError(`--allowed-host takes a host name or address without scheme or path, got ${JSON.stringify(name)}`);
  }
  return names.filter((n) => n !== '');
}

/** What a journal entry's `instance` may hold (the control spec's limit). */
function instanceName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name === '' || name.length > 255) throw new UsageError(`--instance-name must be 1 to 255 characters, got ${JSON.stringify(value)}`);
  return name;
}

function int(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got ${value}`);
  return n;
}

/** `--latency 200` or `--latency 100-400` (milliseconds). */
function parseLatency(value: string | undefined): { min: number; max: number } | undefined {
  if (value === undefined || value === '') return undefined;
  const m = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  const min = m ? Number(m[1]) : NaN;
  const max = m?.[2] !== undefined ? Number(m[2]) : min;
  if (!m || max < min || max > 600000)
    throw new UsageError(`--latency must be milliseconds (200) or a range (100-400) up to 600000, got ${value}`);
  return min === 0 && max === 0 ? undefined : { min, max };
}

function optionalInt(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : int(flag, value, 0, 1, 1e10);
}

/** commander's attribute name of a flag part: `two-words` -> `twoWords` */
function camel(s: string): string {
  return s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
