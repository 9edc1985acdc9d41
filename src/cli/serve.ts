import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { openStore } from '../store/open-store.js';
import { createRuntime, type Runtime } from '../runtime/create-runtime.js';
import { createApp } from '../http/create-app.js';

/** Starts both APIs on one port and prints where they are and who can log in. */
export async function serve(config: Config, options: { reset?: boolean; version: string }): Promise<void> {
  const store = openStore(config.state);
  if (options.reset) await store.reset();
  const runtime = createRuntime({ config, store });
  const server = createApp(runtime).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  process.stdout.write(banner(runtime, config, port, options.version));

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
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
  const { commerce, social } = runtime.services.fixtures;
  const stores = ['default', 'all', ...[...commerce.stores.keys()].filter((c) => c !== 'default')];
  const state = config.state === 'memory' ? 'in memory (nothing is kept)' : `${config.state} (SQLite)`;
  const lines = [
    `authmock ${version} listening on ${base}`,
    `  commerce  ${base}/rest/V1/...  and /rest/<store>/V1/...  (stores: ${stores.join(', ')}; ${runtime.apis.commerce.operations.length} operations)`,
    `  social    ${base}/socialapi/...  (${runtime.apis.social.operations.length} operations)`,
    `  state     ${state}`,
    `Default accounts (passwords in ${config.fixturesDir}, and in the README):`,
    `  commerce customers: ${[...commerce.customersById.values()].map((c) => c.email).join(', ')}`,
    `  commerce admins:    ${[...commerce.admins.values()].map((a) => a.username).join(', ')}`,
    `  social users:       ${[...social.usersByName.keys()].join(', ')}  (client app: ${[...social.apps.keys()].join(', ')})`,
    '',
  ];
  return lines.join('\n');
}
