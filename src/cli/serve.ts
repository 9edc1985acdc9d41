import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { openStore } from '../store/open-store.js';
import { createRuntime, type Runtime } from '../runtime/create-runtime.js';
import { createLogger } from '../log/create-logger.js';
import { createApp } from '../http/create-app.js';
import { resolveControlKey } from '../control/control-key.js';
import { createHttpServer } from '../http/create-server.js';
import { startSweeper } from '../runtime/sweeper.js';

/** Starts every API module on one port and prints where they are and who can log in. */
export async function serve(config: Config, options: { reset?: boolean; version: string }): Promise<void> {
  const log = createLogger(config.logLevel);
  const store = openStore(config.state, { notice: (message) => log.warn(message) });
  if (options.reset) await store.reset();
  const runtime = createRuntime({ config, store, log });
  const control = resolveControlKey(config.host, config.controlKey, runtime.services.random);
  const sweeper = startSweeper({ store, clock: runtime.services.clock, log: runtime.services.log });
  const server = createHttpServer(runtime, createApp(runtime, { controlKey: control.key }), { maxConnections: config.maxConnections }).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  process.stdout.write(banner(runtime, config, port, options.version));
  if (!config.control) process.stdout.write('Control API: off (--no-control)\n');
  else if (control.generated) process.stdout.write(`Control API: /__authmock/ needs the header X-Authmock-Key: ${control.key}\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    sweeper.stop();
    runtime.services.log.info({ signal }, 'stopping');
    server.close(() => void store.close().then(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function banner(runtime: Runtime, config: Config, port: number, version: string): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${port}`;
  const state = config.state === 'memory' ? 'in memory (nothing is kept)' : `${config.state} (SQLite)`;
  const lines = [`authmock ${version} listening on ${base}`];
  for (const api of runtime.apis) {
    lines.push(`  ${api.name.padEnd(9)} ${base}${api.servedAt}  (${api.operations.length} operations)`);
  }
  lines.push(`  state     ${state}`, `Default accounts (passwords in ${config.fixturesDir}, and in the README):`);
  for (const api of runtime.apis) {
    for (const line of api.describeAccounts?.() ?? []) lines.push(`  ${api.name} ${line}`);
  }
  lines.push('');
  return lines.join('\n');
}
