import type { Config } from '../config.js';
import type { StartedServer } from '../runtime/start-server.js';
import { startServer } from '../runtime/start-server.js';
import { isLevelOn } from '../log/log-level.js';
import { isRedisUrl, redactRedisUrl } from '../store/redis/redis-url.js';

/** Starts every API module on one port and prints where they are and who can log in. */
export async function serve(config: Config, options: { reset?: boolean; version: string; watch?: boolean }): Promise<void> {
  const started = await startServer(config, { reset: options.reset, watch: options.watch });
  const { text, msg, fields } = banner(started, config, options.version);
  started.requestLog.banner(text, msg, fields);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    started.requestLog.event('info', 'stopping', { signal });
    void started.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * What the server says when it listens: for people, where each API is, the state's full
 * path and the default accounts (only the first line with --quiet or --log-level error);
 * for machines the same as one line's fields.
 */
function banner(started: StartedServer, config: Config, version: string) {
  const { runtime, url: base } = started;
  const state =
    started.state === 'memory'
      ? 'in memory (nothing is kept)'
      : isRedisUrl(started.state)
        ? `${redactRedisUrl(started.state)} (Redis, shared)`
        : started.state === config.state
          ? `${started.state} (SQLite)`
          : `${started.state} (SQLite; another server holds ${config.state})`;
  const control = !config.control
    ? 'Control API: off (--no-control)'
    : started.controlKeyGenerated
      ? `Control API: /__authmock/ needs the header X-Authmock-Key: ${started.controlKey}`
      : undefined;
  const first = `authmock ${version} listening on ${base}`;
  const lines = [first];
  if (isLevelOn(config.logLevel, 'warn')) {
    // one column for the names, as wide as the longest (an API named `oauth-server` included)
    const width = Math.max('inspector'.length, ...runtime.apis.map((api) => api.name.length));
    for (const api of runtime.apis) {
      const open = !api.builtIn && api.model.open ? ', served open: the spec declares no security' : '';
      lines.push(`  ${api.name.padEnd(width)} ${base}${api.servedAt}  (${api.model.operations.length} operations${open})`);
    }
    if (config.control) {
      const journal = config.journalSize ? `last ${config.journalSize} requests per namespace` : 'off';
      lines.push(`  ${'inspector'.padEnd(width)} ${base}/__authmock/ui  (journal: ${journal})`);
    }
    lines.push(`  ${'state'.padEnd(width)} ${state}`);
    if (runtime.apis.some((a) => a.builtIn && a.seed.length))
      lines.push(`Default accounts (passwords in ${config.fixturesDir}, and in docs/built-in-apis.md):`);
    else lines.push('Who may call:');
    for (const api of runtime.apis) {
      for (const line of api.describeAccounts?.() ?? []) lines.push(`  ${api.name} ${line}`);
    }
    lines.push(...findings(runtime.warnings));
  }
  if (control) lines.push(control);
  const fields = {
    url: base,
    version,
    state: started.state === 'memory' ? 'memory' : isRedisUrl(started.state) ? redactRedisUrl(started.state) : started.state,
    // `open`: served without any check, as the banner's "served open" says
    apis: runtime.apis.map((api) => ({
      name: api.name,
      url: `${base}${api.servedAt}`,
      operations: api.model.operations.length,
      ...(!api.builtIn && api.model.open ? { open: true } : {}),
    })),
    inspector: config.control ? `${base}/__authmock/ui` : undefined,
    journal: config.journalSize,
    accounts: Object.fromEntries(runtime.apis.map((api) => [api.name, api.describeAccounts?.() ?? []])),
    warnings: runtime.warnings,
    ...(started.controlKeyGenerated ? { controlKey: started.controlKey } : {}),
  };
  // The URL ends in a space in the JSON line's msg too, so `listening on (\S+)` reads it there as well.
  return { text: `${lines.join('\n')}\n`, msg: `listening on ${base} (authmock ${version}, state: ${fields.state})`, fields };
}

/** What start-up found worth a look in the specs, a few at most: `authmock lint` lists them all. */
function findings(warnings: readonly string[]): string[] {
  if (warnings.length === 0) return [];
  const shown = warnings.slice(0, 6).map((w) => `  ${w}`);
  const more =
    warnings.length > shown.length ? [`  ... and ${warnings.length - shown.length} more: authmock lint <spec> lists them all`] : [];
  return [`Spec findings (${warnings.length}):`, ...shown, ...more];
}
