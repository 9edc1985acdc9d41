import { spawn } from 'node:child_process';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { defaultConfig, type Config } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { createApp } from '../../src/http/create-app.js';
import { createHttpServer, type ServerLimits } from '../../src/http/create-server.js';
import { ROOT } from '../support/make-app.js';

export interface Listening {
  baseUrl: string;
  port: number;
  store: Store;
  /** every log line, parsed */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** The app behind the real node:http server authmock serves with, on a free loopback port. */
export async function listen(
  overrides: Partial<Config> = {},
  limits: ServerLimits = {},
  store: Store = new MemoryStore(),
): Promise<Listening> {
  const config: Config = { ...defaultConfig(ROOT), state: 'memory', cacheDir: undefined, ...overrides };
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'debug', base: undefined }, sink);
  const runtime = await createRuntime({ config, store, log });
  const server = createHttpServer(runtime, await createApp(runtime), limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    store,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw TCP client: writes what it is given, collects everything the server sends until it closes. */
export function rawClient(port: number): { socket: Socket; received: () => string; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (d) => (data += d));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(data)));
  return { socket, received: () => data, closed };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Node's fetch in another process, as a user's client is: in the server's own process the
 * two sides share one event loop and the reset that loses the answer does not happen.
 * Sends `times` POSTs of `bytes` bytes; returns each status, or the error code.
 */
export async function fetchFromChild(url: string, bytes: number, times: number, headers: Record<string, string>): Promise<string[]> {
  const script = `(async () => {
    const out = [];
    for (let i = 0; i < ${times}; i++) {
      try {
        const r = await fetch(process.argv[1], { method: 'POST', headers: ${JSON.stringify(headers)}, body: 'x'.repeat(${bytes}) });
        out.push(r.status + ' ' + (await r.text()));
      } catch (e) { out.push(e.cause?.code ?? e.message); }
    }
    process.stdout.write(JSON.stringify(out));
  })()`;
  const child = spawn(process.execPath, ['-e', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(out) as string[];
}
