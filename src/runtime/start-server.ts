import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import type { Logger } from '../log/create-logger.js';
import { openState } from '../store/open-store.js';
import { createRuntime, type Runtime } from './create-runtime.js';
import { createLogger } from '../log/create-logger.js';
import { createHttpParts } from '../http/create-http-parts.js';
import { withLazyExpress } from '../http/lazy-express.js';
import { resolveControlKey } from '../control/control-key.js';
import { createHttpServer } from '../http/create-server.js';
import { startSweeper } from './sweeper.js';
import { API_MODULES } from '../apis/index.js';
import { StartError } from './start-error.js';
import { selectModules } from './select-modules.js';

export { StartError } from './start-error.js';

export interface StartedServer {
  server: Server;
  runtime: Runtime;
  /** http://host:port, with the port actually bound (also when 0 was asked) */
  url: string;
  port: number;
  /** the control API's key; undefined when it is open (loopback) */
  controlKey?: string;
  /** the key was generated here and must be shown to the user */
  controlKeyGenerated: boolean;
  /** stops the sweeper, closes every connection and the store */
  close(): Promise<void>;
}

/** What `authmock serve` and `startAuthmock()` share: open the store, build the runtime, listen. */
export async function startServer(config: Config, options: { reset?: boolean; log?: Logger } = {}): Promise<StartedServer> {
  checkSpecsDir(config);
  const log = options.log ?? createLogger(config.logLevel);
  // a Redis state connects here, and names the URL (not its password) when it cannot
  const { store, redis } = await openState(config.state, { notice: (message) => log.warn(message) });
  try {
    if (options.reset) await store.reset();
    const runtime = await createRuntime({ config, store, log, modules: selectModules(config) });
    const control = resolveControlKey(config.host, config.controlKey, runtime.services.random);
    // on Redis the journal and the steering rules are kept there too, shared by every instance
    const parts = await createHttpParts(runtime, { controlKey: control.key, redis });
    const server = createHttpServer(runtime, withLazyExpress(parts), {
      maxConnections: config.maxConnections,
    });
    await listen(server, config);
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${port}`;
    // Fixtures that name the server's own address (social thumbnails) follow the bound port.
    runtime.address.url = url;
    const sweeper = startSweeper({ store, clock: runtime.services.clock, log: runtime.services.log });
    let closed: Promise<void> | undefined;
    const close = () =>
      (closed ??= new Promise<void>((resolve) => {
        sweeper.stop();
        server.close(
          () =>
            void parts.inspection
              .close()
              .then(() => store.close())
              .then(resolve, resolve),
        );
        server.closeAllConnections();
      }));
    return { server, runtime, url, port, controlKey: control.key, controlKeyGenerated: control.generated, close };
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) => reject(explainListenError(err, config)));
    server.listen(config.port, config.host);
  });
}

function explainListenError(err: NodeJS.ErrnoException, config: Config): Error {
  const where = `${config.host}:${config.port}`;
  if (err.code === 'EADDRINUSE') {
    return new StartError(
      `port ${config.port} on ${config.host} is already in use (another authmock, or another server): stop it, or choose another port with --port <n> (or PORT=<n>; --port 0 picks a free one)`,
    );
  }
  if (err.code === 'EACCES')
    return new StartError(`not allowed to listen on ${where}: ports below 1024 need privileges; choose another with --port <n>`);
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND')
    return new StartError(`cannot listen on ${where}: --host ${config.host} is not an address of this machine`);
  return err;
}

/** A missing --specs directory or spec file is named as such, not as a raw ENOENT. */
function checkSpecsDir(config: Config): void {
  const dir = config.specsDir;
  // a user's specs are named by path; the built-ins' directory matters only when a built-in is served
  const builtins = API_MODULES.filter((m) => !config.specs?.length || config.specs.includes(m.name));
  if (builtins.length === 0) return;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new StartError(
      `--specs ${dir}: no such directory; give the directory that holds ${builtins.map((m) => m.specFile).join(' and ')}`,
    );
  }
  const missing = builtins.map((m) => m.specFile).filter((file) => !existsSync(isAbsolute(file) ? file : join(dir, file)));
  if (missing.length) throw new StartError(`--specs ${dir}: ${missing.join(' and ')} not found there; every API needs its spec`);
}
