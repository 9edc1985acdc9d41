import { fileURLToPath } from 'node:url';
import createClient, { type Client } from 'openapi-fetch';
import { defaultConfig, type Config } from './config.js';
import type { paths as ControlPaths } from './generated/control.js';
import { startServer, StartError } from './runtime/start-server.js';

export type { Config } from './config.js';
export type { paths as ControlPaths, components as ControlComponents, operations as ControlOperations } from './generated/control.js';
export { StartError };

/** A typed client of the control API (specs/control.openapi.yaml), from openapi-fetch. */
export type ControlClient = Client<ControlPaths>;

export interface AuthmockNamespace {
  name: string;
  /** base URL of the APIs in this namespace: `${url}/rest/V1/...`, `${url}/socialapi/...` */
  url: string;
  /** the control API acting on this namespace only */
  control: ControlClient;
}

/**
 * Any setting of `authmock serve`; `state` is 'memory' and `port` 0 (a free one) unless given.
 * `allowedHosts` are the Host names the control API answers besides loopback and `host`
 * (`--allowed-host`).
 */
export type StartAuthmockOptions = Partial<Omit<Config, 'lockout'>> & { lockout?: Partial<Config['lockout']>; reset?: boolean };

export interface Authmock extends AuthmockNamespace {
  port: number;
  /** a namespace's base URL and control client; it is created from the fixtures on first use */
  namespace(name: string): AuthmockNamespace;
  close(): Promise<void>;
}

// dist/index.js (and src/index.ts in this repository's tests) sit one level below the package root.
const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const NAMESPACE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Starts authmock in this process, e.g. from a vitest globalSetup or a Playwright config:
 * `const am = await startAuthmock(); ... await am.close()`. Every worker or test file can
 * take a namespace of its own (`am.namespace('worker-1').url`) and never sees another's state.
 */
export async function startAuthmock(options: StartAuthmockOptions = {}): Promise<Authmock> {
  const { reset, lockout, ...rest } = options;
  const base = defaultConfig(ROOT);
  const config: Config = { ...base, port: 0, state: 'memory', logLevel: 'warn', ...rest, lockout: { ...base.lockout, ...lockout } };
  const started = await startServer(config, { reset });
  // X-Authmock-Client: the control API's proof that a body-less change (a reset) is no cross-site form
  const headers = { 'X-Authmock-Client': 'authmock-client', ...(started.controlKey ? { 'X-Authmock-Key': started.controlKey } : {}) };
  const at = (name: string, url: string): AuthmockNamespace => ({
    name,
    url,
    control: createClient<ControlPaths>({ baseUrl: url, headers }),
  });
  return {
    ...at('default', started.url),
    port: started.port,
    namespace(name: string) {
      if (!NAMESPACE_NAME.test(name)) throw new TypeError(`a namespace name is 1 to 64 of [A-Za-z0-9_-], got ${JSON.stringify(name)}`);
      return at(name, `${started.url}/__ns/${name}`);
    },
    close: started.close,
  };
}
