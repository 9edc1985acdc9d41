import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import request from 'supertest';
import { defaultConfig, type Config } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime/create-runtime.js';
import { createApp } from '../../src/http/create-app.js';
import { lazyApp, type LazyApp } from './lazy-app.js';
import { createLogger } from '../../src/log/create-logger.js';
import type { ResponseViolation } from '../../src/pipeline/validate.js';
import type { RequestLog } from '../../src/log/request-log.js';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A clock tests move by hand, so lockouts and lifetimes need no waiting. */
export class FakeClock {
  constructor(public ms = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.ms;
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface TestApp {
  http: ReturnType<typeof request>;
  app: LazyApp;
  /** the runtime, once started (its warnings, APIs and services) */
  runtime: Promise<Runtime>;
  store: Store;
  clock: FakeClock;
  config: Config;
  violations: ResponseViolation[];
}

const open: TestApp[] = [];

/**
 * A fresh app and store per test, in-process. Any answer that breaks the spec is
 * collected and fails the test in afterEach, unless the test expects it.
 */
export function makeApp(
  overrides: Partial<Config> = {},
  options: Partial<Pick<RuntimeOptions, 'handlers' | 'store'>> & { expectViolations?: boolean; requestLog?: RequestLog } = {},
): TestApp {
  const config: Config = { ...defaultConfig(ROOT), state: 'memory', logLevel: 'silent', cacheDir: undefined, ...overrides };
  const store = options.store ?? new MemoryStore();
  const clock = new FakeClock();
  const violations: ResponseViolation[] = [];
  const runtime = createRuntime({
    config,
    store,
    clock,
    log: createLogger('silent'),
    handlers: options.handlers,
    hooks: { onResponseViolation: (v) => violations.push(v) },
  });
  const app = lazyApp(runtime.then((r) => createApp(r, { requestLog: options.requestLog })));
  // one port for the app's life (supertest would listen anew for each request): a JWT's issuer is the
  // origin the client addressed, so a token minted on one request must verify on the next
  const server = createServer(app).listen(0).unref(); // as supertest listens: bound at once, so its port is known now
  const t: TestApp = { http: request(server), app, runtime, store, clock, config, violations };
  if (!options.expectViolations) open.push(t);
  return t;
}

afterEach(() => {
  const apps = open.splice(0);
  for (const t of apps) expect(t.violations, 'answers that break the spec').toEqual([]);
});

export const ACCOUNTS = {
  roni: { username: 'roni_cost@example.com', password: 'roni_cost3@example.com', id: 1 },
  john: { username: 'john.smith@example.com', password: 'John-Smith-1', id: 2 },
  admin: { username: 'admin', password: 'admin123' },
  catalog: { username: 'catalog_manager', password: 'catalog123' },
  app: { apiKey: 'demo-mobile-app', secretKey: 'demo-mobile-secret' },
  jane: { username: 'jane.doe', email: 'jane@example.com', password: 'jane-password-1' },
  unverified: { username: 'unverified.user', email: 'unverified@example.com', password: 'unverified-password-1' },
  pending: { username: 'pending.user', email: 'pending@example.com', password: 'pending-password-1' },
} as const;

export async function customerToken(t: TestApp, who: { username: string; password: string } = ACCOUNTS.roni): Promise<string> {
  const res = await t.http.post('/rest/V1/integration/customer/token').send(who).expect(200);
  return res.body as string;
}

export async function adminToken(t: TestApp, who: { username: string; password: string } = ACCOUNTS.admin): Promise<string> {
  const res = await t.http.post('/rest/V1/integration/admin/token').send(who).expect(200);
  return res.body as string;
}

export async function socialToken(t: TestApp): Promise<string> {
  const res = await t.http
    .post('/socialapi/auth/post/login')
    .send({ username: ACCOUNTS.jane.username, password: ACCOUNTS.jane.password, ...ACCOUNTS.app })
    .expect(201);
  return res.body.user.userToken as string;
}

/** The app on a port of 127.0.0.1 of its own, for a client that needs a URL (a browser): its server and base URL. */
export async function listenLocal(t: TestApp): Promise<{ server: Server; base: string }> {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
