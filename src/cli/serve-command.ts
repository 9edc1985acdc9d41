import { join, resolve as resolvePath } from 'node:path';
import { Option, type Command } from 'commander';
import { toConfig, UsageError, type ServeFlags } from './options.js';
import { findProjectFile, PROJECT_FILE, readProjectFile } from './project-file.js';
import type { Config } from '../config.js';
import { API_MODULES } from '../apis/index.js';
import { addBuiltinSpecsOption, addLifetimeOptions, collect, SPEC_TOKEN_TYPES, STATE_DEFAULT } from './command-options.js';

/** `authmock serve`: its options, and the settings they make with the project file's. */
export function addServeCommand(program: Command, root: string, version: string): void {
  const serveCommand = program
    .command('serve')
    .description('serve your specs, or the built-in APIs (default: http://127.0.0.1:4010)')
    .argument(
      '[specs...]',
      "spec files (OpenAPI 3.x or Swagger 2.0, YAML or JSON) and built-in APIs by name (commerce, social); none: the project file's, else the built-ins",
    )
    .option('-p, --port <port>', 'port to listen on (env PORT)', undefined)
    .option('--host <host>', 'interface to listen on; 0.0.0.0 opens it to the LAN', '127.0.0.1')
    .option('--identities <file>', 'who may call the one spec given (default: <name>.authmock.yaml beside it)')
    .option('--config <file>', `project file with specs and serve options (default: ${PROJECT_FILE} in the working directory)`)
    .option('--watch', 'serve an edited spec or identity file within a second; a broken edit keeps the last good version')
    .option('--stateless', "answer every operation from the spec's examples: no stored resources (a POST creates nothing)")
    .option('--seed <n>', 'the seed of made values: the same seed answers the same bytes on every start (default 1)')
    .option('--examples-only', "answer from the spec's examples, else a plain sample: no realistic values")
    .option('--generate <n>', 'add n generated objects to every collection of a user spec (per parent for a nested one)');
  // the tokens a user's spec issues: --user-token-lifetime, --client-token-lifetime
  addLifetimeOptions(serveCommand, [SPEC_TOKEN_TYPES]);
  serveCommand
    .option(
      '--control-key <key>',
      'key the control API (/__authmock/) requires in X-Authmock-Key; off loopback one is generated when not given',
    )
    .option(
      '--allowed-host <name>',
      'a Host name the control API answers besides loopback and the listen address (a name this server is reached by); repeatable',
      collect,
      [],
    )
    .option('--no-control', 'do not serve the control API')
    .option('--journal-size <n>', 'requests the journal keeps per namespace (GET /__authmock/requests); 0 turns it off', '1000')
    .option('--latency <ms|min-max>', 'delay every answer of the mocked APIs by this many milliseconds, or a random number in a range')
    .option('--dev', "developer mode: errors carry the platform's `trace` and decoding details")
    .option('--cors-origin <origins...>', "origins allowed by CORS, comma- or space-separated; '*' allows any", ['*'])
    .option('--body-limit <bytes>', 'largest request body accepted', '1048576')
    .option('--max-connections <n>', 'open connections accepted at once; more are closed (default: no cap)')
    .addOption(
      new Option(
        '--log-level <level>',
        'silent: only the listening line; error: failures too; info: a line a request on stdout, with the reason for each refusal; debug: the control API too',
      )
        .choices(['silent', 'error', 'warn', 'info', 'debug', 'fatal'])
        .default('info'),
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'pretty: for people, coloured on a terminal; json: one object a line (default: pretty on a terminal, else json)',
      ).choices(['pretty', 'json']),
    )
    .option('-q, --quiet', 'no line per request: the listening line and failures only (--log-level error)')
    .optionsGroup('State and Redis:')
    .option(
      '--state <dir|memory|redis-url>',
      `where tokens, revocations and lockouts persist (env AUTHMOCK_STATE; default: ${STATE_DEFAULT} in the working directory); 'memory' keeps nothing; redis://host:port/db (or 'redis': AUTHMOCK_REDIS_URL) shares them between servers`,
    )
    .option('--reset', 'forget all tokens, revocations and lockout counters before starting')
    .option('--max-namespaces <n>', 'namespaces the state may hold (default 1000)')
    .option(
      '--instance-name <name>',
      "the name this instance's journal entries carry, to tell instances on one Redis apart (default host:port)",
    )
    .optionsGroup('Built-in APIs (commerce, social):');
  addBuiltinSpecsOption(serveCommand, root);
  serveCommand.option(
    '--fixtures <dir>',
    'directory with commerce.yaml and social.yaml (accounts, roles, client apps)',
    join(root, 'fixtures'),
  );
  // One lifetime flag per kind of token each built-in API issues: --customer-token-lifetime, ...
  addLifetimeOptions(serveCommand, API_MODULES);
  serveCommand
    .option('--lockout-failures <n>', 'failed logins that lock a commerce username', '6')
    .option('--lockout-seconds <s>', 'how long a locked username stays locked', '1800')
    .option('--oauth-sha1', 'commerce: accept HMAC-SHA1 OAuth signatures, as the platform did before 2.4.4')
    .option('--integration-as-bearer', "commerce: an integration's access token also works as a Bearer token")
    .option('--admin-2fa', 'commerce: admins get tokens only through POST /V1/tfa/provider/google/authenticate')
    .action(async (specArgs: string[], _flags: unknown, cmd: Command) => {
      const { serve } = await import('./serve.js');
      const { config, flags } = serveConfig(root, specArgs, cmd);
      await serve(config, { reset: flags.reset === true, version, watch: flags.watch === true });
    });
}

/**
 * `serve`'s settings: the flags given on the command line win over the project file's
 * `serve` options, which win over the environment and the defaults. The specs are the
 * arguments, else the project file's, else none (the built-in APIs).
 */
function serveConfig(
  root: string,
  specArgs: string[],
  cmd: Command,
): { config: Config; flags: ServeFlags & { reset?: boolean; watch?: boolean } } {
  const given = cmd.opts<ServeFlags & { reset?: boolean; watch?: boolean; identities?: string; config?: string }>();
  const names = cmd.options.map((o) => o.attributeName());
  const fromCli = Object.fromEntries(
    names.filter((n) => cmd.getOptionValueSource(n) === 'cli').map((n) => [n, given[n as keyof typeof given]]),
  );
  const projectFile = findProjectFile(given.config, process.cwd());
  const project = projectFile
    ? readProjectFile(
        projectFile,
        names.filter((n) => !['config', 'identities'].includes(n)),
      )
    : undefined;
  const flags = { ...project?.serve, ...fromCli } as ServeFlags & { reset?: boolean; watch?: boolean };
  const specs = specArgs.length ? specArgs.map((s) => (/[./\\]/.test(s) ? resolvePath(s) : s)) : (project?.specs ?? []);
  if (given.identities !== undefined) {
    if (specs.length !== 1 || typeof specs[0] !== 'string')
      throw new UsageError('--identities names the identity file of one spec: give exactly one spec with it');
    specs[0] = { spec: specs[0], identities: resolvePath(given.identities) };
  }
  const config = { ...toConfig(root, flags, [...API_MODULES, SPEC_TOKEN_TYPES]), refRoots: project?.refRoots ?? [] };
  return { config: specs.length ? { ...config, specs } : config, flags };
}
