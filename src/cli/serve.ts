import type { Config } from '../config.js';
import type { Runtime } from '../pipeline/runtime.js';
import { startServer } from '../runtime/start-server.js';
import { isRedisUrl, redactRedisUrl } from '../store/redis/redis-url.js';

/** Starts every API module on one port and prints where they are and who can log in. */
export async function serve(config: Config, options: { reset?: boolean; version: string }): Promise<void> {
  const started = await startServer(config, { reset: options.reset });
  const { runtime } = started;
  process.stdout.write(banner(runtime, config, started.url, options.version));
  if (!config.control) process.stdout.write('Control API: off (--no-control)\n');
  else if (started.controlKeyGenerated)
    process.stdout.write(`Control API: /__authmock/ needs the header X-Authmock-Key: ${started.controlKey}\n`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    runtime.services.log.info({ signal }, 'stopping');
    void started.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function banner(runtime: Runtime, config: Config, base: string, version: string): string {
  const state =
    config.state === 'memory'
      ? 'in memory (nothing is kept)'
      : isRedisUrl(config.state)
        ? `${redactRedisUrl(config.state)} (Redis, shared)`
        : `${config.state} (SQLite)`;
  const lines = [`authmock ${version} listening on ${base}`];
  for (const api of runtime.apis) {
    lines.push(`  ${api.name.padEnd(9)} ${base}${api.servedAt}  (${api.model.operations.length} operations)`);
  }
  if (config.control)
    lines.push(
      `  inspector ${base}/__authmock/ui  (journal: ${config.journalSize ? `last ${config.journalSize} requests per namespace` : 'off'})`,
    );
  lines.push(`  state     ${state}`, `Default accounts (passwords in ${config.fixturesDir}, and in the README):`);
  for (const api of runtime.apis) {
    for (const line of api.describeAccounts?.() ?? []) lines.push(`  ${api.name} ${line}`);
  }
  lines.push('');
  return lines.join('\n');
}
