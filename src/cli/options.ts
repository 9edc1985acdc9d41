import { resolve } from 'node:path';
import { defaultConfig, type Config } from '../config.js';

export interface ServeFlags {
  port?: string;
  host?: string;
  specs?: string;
  fixtures?: string;
  state?: string;
  corsOrigin?: string[];
  dev?: boolean;
  bodyLimit?: string;
  lockoutFailures?: string;
  lockoutSeconds?: string;
  customerTokenLifetime?: string;
  adminTokenLifetime?: string;
  socialTokenLifetime?: string;
  logLevel?: string;
}

export class UsageError extends Error {}

/** Flags, then environment (PORT), then the embedded defaults. */
export function toConfig(root: string, flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): Config {
  const base = defaultConfig(root);
  const state = flags.state ?? base.state;
  return {
    ...base,
    host: flags.host ?? base.host,
    port: int('--port', flags.port ?? env.PORT, base.port, 0, 65535),
    specsDir: flags.specs ? resolve(flags.specs) : base.specsDir,
    fixturesDir: flags.fixtures ? resolve(flags.fixtures) : base.fixturesDir,
    state: state === 'memory' ? 'memory' : resolve(state),
    corsOrigins: flags.corsOrigin?.length ? flags.corsOrigin.flatMap((o) => o.split(',')).map((o) => o.trim()) : base.corsOrigins,
    developerMode: flags.dev ?? false,
    bodyLimit: int('--body-limit', flags.bodyLimit, base.bodyLimit, 1, 64 * 1024 * 1024),
    lockout: {
      maxFailures: int('--lockout-failures', flags.lockoutFailures, base.lockout.maxFailures, 1, 1e6),
      seconds: int('--lockout-seconds', flags.lockoutSeconds, base.lockout.seconds, 0, 1e9),
    },
    tokenLifetimes: {
      customer: optionalInt('--customer-token-lifetime', flags.customerTokenLifetime),
      admin: optionalInt('--admin-token-lifetime', flags.adminTokenLifetime),
      social: optionalInt('--social-token-lifetime', flags.socialTokenLifetime),
    },
    logLevel: flags.logLevel ?? base.logLevel,
  };
}

function int(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got ${value}`);
  return n;
}

function optionalInt(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : int(flag, value, 0, 1, 1e10);
}
