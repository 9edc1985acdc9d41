import { readFileSync } from 'node:fs';
import type { Runtime } from '../pipeline/runtime.js';
import type { Handler } from '../pipeline/stages.js';
import type { RedisContext } from '../store/redis/redis-context.js';
import { type ControlApi, createControlApi } from '../control/create-control-api.js';
import { createInspection, type Inspection } from './create-inspection.js';
import { createJournalHandlers } from '../control/handlers/journal.js';
import { createSteeringHandlers } from '../control/handlers/steering.js';
import { createInspectorPage } from './inspector/serve-inspector.js';
import { CONTROL_API_ALLOW, createCors } from './cors.js';
import { createHostCheck } from '../control/allowed-hosts.js';
import { createServeApi, type ServeApi } from './serve-api.js';
import { createDispatch, type Dispatch } from './create-server.js';
import { SILENT_REQUEST_LOG, type RequestLog } from '../log/request-log.js';

export interface AppOptions {
  /** the key the control API requires (off loopback); undefined: open */
  controlKey?: string;
  /** more control operations by operationId (the journal and steering add theirs) */
  controlHandlers?: Record<string, Handler>;
  /** one line a request on standard output (src/log/request-log.ts); default: none */
  requestLog?: RequestLog;
  /** the journal and steering rules of the parts these replace (a --watch reload keeps them) */
  keep?: Pick<Inspection, 'journal' | 'rules'>;
  /** the state's Redis connection, when the state is Redis: the journal and steering rules are kept there too */
  redis?: RedisContext;
}

/** What the HTTP layer shares between the dispatch and the Express app. */
export interface HttpParts {
  runtime: Runtime;
  options: AppOptions;
  inspection: Inspection;
  /** undefined with --no-control */
  control?: LazyControl;
  inspectorPage: string;
  applyCors: ReturnType<typeof createCors>;
  /** the control API's CORS: origins listed by name only, never `*` */
  applyControlCors: ReturnType<typeof createCors>;
  /** whether a Host header names this server (DNS rebinding: src/control/allowed-hosts.ts) */
  allowsHost: ReturnType<typeof createHostCheck>;
  serveApi: ServeApi;
  requestLog: RequestLog;
  /** something reads how long a request took (the journal, the request log): measure it */
  timed: boolean;
  /** the mocked APIs' requests, straight to the pipeline */
  dispatch: Dispatch;
}

/**
 * Everything of the HTTP layer but Express: the journal and steering, the control API,
 * and the dispatch that serves the mocked APIs. `authmock serve` listens with these and
 * loads Express (src/http/create-app.ts) only when a request needs it.
 */
export async function createHttpParts(runtime: Runtime, options: AppOptions = {}): Promise<HttpParts> {
  const { config } = runtime.services;
  const inspection = createInspection({
    apis: runtime.apis,
    journalSize: config.journalSize ?? 1000,
    redis: options.redis,
    keep: options.keep,
  });
  const controlHandlers = {
    ...createJournalHandlers(inspection.journal),
    ...createSteeringHandlers(inspection),
    ...options.controlHandlers,
  };
  const control = config.control
    ? lazyControl(config.controlSpec, () => createControlApi(runtime, { key: options.controlKey }, controlHandlers, inspection.clear))
    : undefined;
  const inspectorPage = createInspectorPage(inspection.operations.map((o) => o.operationId));
  const applyCors = createCors(config.corsOrigins);
  const applyControlCors = createCors(
    config.corsOrigins.filter((o) => o !== '*'),
    CONTROL_API_ALLOW,
  );
  const allowsHost = createHostCheck(config.host, config.allowedHosts ?? []);
  const requestLog = options.requestLog ?? SILENT_REQUEST_LOG;
  const serveApi = createServeApi(runtime, inspection, requestLog);
  const timed = inspection.journal.size > 0 || requestLog.anyRequests;
  const preflightAnswered = (ns: string, path: string, started: number) => {
    if (!requestLog.wants(204, false)) return;
    const ms = started > 0 ? performance.now() - started : 0;
    requestLog.request({ time: Date.now(), ns, method: 'OPTIONS', path, status: 204, ms }, false);
  };
  const dispatch = createDispatch({ apis: runtime.apis, timed, applyCors, serveApi, preflightAnswered });
  return {
    runtime,
    options,
    inspection,
    control,
    inspectorPage,
    applyCors,
    applyControlCors,
    allowsHost,
    serveApi,
    requestLog,
    timed,
    dispatch,
  };
}

/**
 * The control API, made on its first request: compiling its spec is most of a start
 * whose cache is empty (a fresh project, a new version: about 0.7 s of 2 s for a
 * 1,000-operation spec here), and many runs never call it. A failed build is tried again
 * by the next request.
 */
export interface LazyControl {
  /** the control spec's text, served at /__authmock/openapi.yaml */
  readonly specText: string;
  api(): Promise<ControlApi>;
}

function lazyControl(specFile: string, build: () => Promise<ControlApi>): LazyControl {
  let made: Promise<ControlApi> | undefined;
  let text: string | undefined;
  return {
    get specText() {
      return (text ??= readFileSync(specFile, 'utf8'));
    },
    api() {
      made ??= build().catch((err: unknown) => {
        made = undefined;
        throw err;
      });
      return made;
    },
  };
}
