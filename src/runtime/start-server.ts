import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { type Logger, createLogger } from '../log/create-logger.js';
import { openState, type OpenedState } from '../store/open-store.js';
import { StateError } from '../store/sqlite-checks.js';
import { compileModuleSpecs, createRuntime, type Runtime } from './create-runtime.js';
import { createRequestLog, type RequestLog } from '../log/request-log.js';
import { wantsColor } from '../log/paint.js';
import { createHttpParts, type AppOptions } from '../http/create-http-parts.js';
import { withLazyExpress } from '../http/lazy-express.js';
import { resolveControlKey } from '../control/control-key.js';
import { createHttpServer, type DispatchingHandler } from '../http/create-server.js';
import { startSweeper } from './sweeper.js';
import { API_MODULES } from '../apis/index.js';
import { StartError } from './start-error.js';
import { selectModules } from './select-modules.js';
import { watchFiles } from './watch-files.js';
import type { ReloadState } from '../pipeline/runtime.js';
import type { ApiModule } from '../apis/api-module.js';

export { StartError } from './start-error.js';

export interface StartedServer {
  server: Server;
  runtime: Runtime;
  /** the state in use: the configured one, or its fallback when another server holds the default one */
  state: string;
  /** http://host:port, with the port actually bound (also when 0 was asked) */
  url: string;
  port: number;
  /** the control API's key; undefined when it is open (loopback) */
  controlKey?: string;
  /** the key was generated here and must be shown to the user */
  controlKeyGenerated: boolean;
  /** the log on standard output: the CLI writes its banner and shutdown line there */
  requestLog: RequestLog;
  /** stops the sweeper, closes every connection and the store */
  close(): Promise<void>;
}

/** What `authmock serve` and `startAuthmock()` share: open the store, build the runtime, listen. */
export async function startServer(
  config: Config,
  options: { reset?: boolean; log?: Logger; requestLog?: RequestLog; watch?: boolean } = {},
): Promise<StartedServer> {
  checkSpecsDir(config);
  // people at a terminal read pretty lines; a file, a pipe or a CI log gets JSON
  const format = config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json');
  const log = options.log ?? createLogger(config.logLevel, { format, color: wantsColor(process.stderr.isTTY, process.env) });
  const requestLog =
    options.requestLog ?? createRequestLog({ level: config.logLevel, format, color: wantsColor(process.stdout.isTTY, process.env) });
  // a broken spec is what the user must fix first, before any state or port is looked at
  const compiled = await compileModuleSpecs(config, selectModules(config));
  const { store, redis, state } = await openServerState(config, log);
  if (state !== config.state) config = { ...config, state };
  try {
    if (options.reset) await store.reset();
    const reloads: ReloadState = { errors: new Map() };
    const first = await createRuntime({ config, store, log, modules: selectModules(config), reloads, compiled });
    const control = resolveControlKey(config.host, config.controlKey, first.services.random);
    // on Redis the journal and the steering rules are kept there too, shared by every instance
    const serving = await serveWith(first, { controlKey: control.key, requestLog, redis }, options.watch === true);
    const server = createHttpServer(first, serving.handler, { maxConnections: config.maxConnections });
    await listen(server, config);
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${port}`;
    // Fixtures that name the server's own address (social thumbnails) follow the bound port.
    first.address.url = url;
    const sweeper = startSweeper({ store, clock: first.services.clock, log: first.services.log });
    const watched = selectModules(config);
    const includes = first.apis.flatMap((a) => a.model.spec.includes.map((file) => ({ file, api: a.name })));
    const unwatch = options.watch
      ? watchSpecs(
          watched,
          includes.map((i) => i.file),
          config,
          async (changed) => {
            try {
              const next = await createRuntime({
                config,
                store,
                log,
                clock: first.services.clock,
                random: first.services.random,
                modules: selectModules(config),
                reloads,
              });
              next.address.url = url;
              await serving.replace(next);
              reloads.errors.clear();
              requestLog.event('info', `reloaded ${changed}`, { file: changed });
            } catch (err) {
              // the last good version keeps serving; the error is shown until an edit loads
              const message = (err as Error).message;
              const owner =
                watched.find((m) => filesOf(m, config).includes(changed))?.name ?? includes.find((i) => i.file === changed)?.api;
              for (const api of owner ? [owner] : watched.map((m) => m.name)) reloads.errors.set(api, message);
              requestLog.event('error', `not reloaded: ${message}`, { file: changed });
            }
          },
        )
      : () => {};
    let closed: Promise<void> | undefined;
    const close = () =>
      (closed ??= new Promise<void>((resolve) => {
        sweeper.stop();
        unwatch();
        // validators compiled while serving (a made answer's check) are compiled no more on the next start
        compiled.save();
        server.close(
          () =>
            void serving
              .close()
              .then(() => store.close())
              .then(resolve, resolve),
        );
        server.closeAllConnections();
      }));
    return {
      server,
      get runtime() {
        return serving.runtime;
      },
      url,
      port,
      state,
      controlKey: control.key,
      controlKeyGenerated: control.generated,
      requestLog,
      close,
    };
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Opens the configured state. When another server holds it: a busy port is what the user
 * must fix first (the same server started twice); else the default state gives way to
 * `.authmock/state-<port>` (a second spec served from the same folder); a state the user
 * chose is refused, naming the flag that gives this server one of its own.
 */
async function openServerState(config: Config, log: Logger): Promise<OpenedState & { state: string }> {
  // a Redis state connects here, and names the URL (not its password) when it cannot
  const open = async (state: string) => ({ ...(await openState(state, { notice: (message) => log.warn(message) })), state });
  try {
    return await open(config.state);
  } catch (err) {
    if (!(err instanceof StateError) || !err.inUse) throw err;
    if (await isPortTaken(config)) throw explainListenError(portInUse(), config);
    const own = `${join('.authmock', `state-${config.port}`)}`;
    if (config.stateFallback && config.stateFallback !== config.state) {
      return open(config.stateFallback).catch((again: unknown) => {
        throw again instanceof StateError && again.inUse
          ? new StartError(`${again.message} (--state ${own} gives this server a state of its own)`)
          : again;
      });
    }
    throw new StartError(`${err.message}: --state ${own} gives this server a state of its own`);
  }
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) => reject(explainListenError(err, config)));
    server.listen(config.port, config.host);
  });
}

/** Whether another process listens on the configured port (0 asks for a free one: never taken). */
function isPortTaken(config: Config): Promise<boolean> {
  if (config.port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE'));
    probe.listen(config.port, config.host, () => probe.close(() => resolve(false)));
  });
}

function portInUse(): NodeJS.ErrnoException {
  return Object.assign(new Error('EADDRINUSE'), { code: 'EADDRINUSE' });
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

/** A missing --builtin-specs directory or spec file is named as such, not as a raw ENOENT. */
function checkSpecsDir(config: Config): void {
  const dir = config.specsDir;
  // a user's specs are named by path; the built-ins' directory matters only when a built-in is served
  const builtins = API_MODULES.filter((m) => !config.specs?.length || config.specs.includes(m.name));
  if (builtins.length === 0) return;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new StartError(
      `--builtin-specs ${dir}: no such directory; give the directory that holds ${builtins.map((m) => m.specFile).join(' and ')}`,
    );
  }
  const missing = builtins.map((m) => m.specFile).filter((file) => !existsSync(isAbsolute(file) ? file : join(dir, file)));
  if (missing.length) throw new StartError(`--builtin-specs ${dir}: ${missing.join(' and ')} not found there; every API needs its spec`);
}

/**
 * The server's request handler over the current runtime's HTTP parts; `replace` swaps in a
 * new runtime's (a --watch reload), keeping the journal and steering rules. Requests in
 * flight finish on the parts they started with.
 */
async function serveWith(runtime: Runtime, options: AppOptions, swappable: boolean) {
  let parts = await createHttpParts(runtime, options);
  let app = withLazyExpress(parts);
  type Req = Parameters<DispatchingHandler>[0];
  type Res = Parameters<DispatchingHandler>[1];
  // without --watch the parts never change: requests go straight to them, through nothing of ours
  const handler: DispatchingHandler = swappable
    ? Object.assign((req: Req, res: Res) => app(req, res), { dispatch: (req: Req, res: Res) => app.dispatch(req, res) })
    : app;
  return {
    handler,
    get runtime() {
      return parts.runtime;
    },
    async replace(next: Runtime) {
      parts = await createHttpParts(next, { ...options, keep: parts.inspection });
      app = withLazyExpress(parts);
    },
    /** stops what follows the journal (the kept journal is the last parts' too) */
    close: () => parts.inspection.close(),
  };
}

/** --watch: every served spec, the files its $refs read, and its identity or fixture file. */
function watchSpecs(
  modules: readonly ApiModule[],
  includes: readonly string[],
  config: Config,
  onChange: (file: string) => void,
): () => void {
  return watchFiles([...modules.flatMap((m) => filesOf(m, config)), ...includes], onChange);
}

/** The files a module is made from: its spec, and its identity or fixture file. */
function filesOf(m: ApiModule, config: Config): string[] {
  return [
    isAbsolute(m.specFile) ? m.specFile : join(config.specsDir, m.specFile),
    ...(m.fixtureFile ? [isAbsolute(m.fixtureFile) ? m.fixtureFile : join(config.fixturesDir, m.fixtureFile)] : []),
    ...(m.sources ?? []),
  ];
}
