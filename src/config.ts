/** Settings fixed at start-up. Defaults are the embedded ones `authmock serve` uses. */
export interface Config {
  host: string;
  port: number;
  specsDir: string;
  fixturesDir: string;
  /** a directory for the persisted state, or 'memory' */
  state: string;
  /** allowed CORS origins; '*' allows any */
  corsOrigins: string[];
  developerMode: boolean;
  /** request body limit in bytes */
  bodyLimit: number;
  lockout: { maxFailures: number; seconds: number };
  /** token lifetimes in seconds per user type; undefined means never expire */
  tokenLifetimes: Record<string, number | undefined>;
  logLevel: string;
  /** where parsed specs and compiled validators are cached between starts; undefined: no cache */
  cacheDir?: string;
}

export function defaultConfig(root: string): Config {
  return {
    host: '127.0.0.1',
    port: 4010,
    specsDir: `${root}/specs`,
    fixturesDir: `${root}/fixtures`,
    state: `${root}/.authmock/state`,
    corsOrigins: ['*'],
    developerMode: false,
    bodyLimit: 1024 * 1024,
    lockout: { maxFailures: 6, seconds: 1800 },
    tokenLifetimes: {},
    logLevel: 'info',
    cacheDir: `${root}/.authmock/cache`,
  };
}
