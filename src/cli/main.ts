import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { toConfig, UsageError, type ServeFlags } from './options.js';
import { API_MODULES } from '../apis/index.js';

/**
 * `authmock lint` runs from dist/lint as ES modules, outside the bundle: it imports
 * JavaScript rulesets, and the bundle runs as a script (scripts/bundle.mjs), where
 * import() has no module loader. dist/lint sits at the same depth as dist/bundle.
 */
function loadLintCommand(): typeof import('../lint/lint-command.js') {
  return createRequire(import.meta.url)('../lint/lint-command.js');
}

/** The package's own directory, from dist/cli or from the bundle in dist/. */
function findRoot(dir: string): string {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    if (existsSync(join(d, 'package.json')) && existsSync(join(d, 'specs'))) return d;
  }
  throw new Error(`cannot find the authmock package directory above ${dir}`);
}

/**
 * `authmock serve | reset | check | lint`: argument parsing only; the work is elsewhere.
 * Resolves with the name of the command that ran (`serve` once the server listens).
 */
export async function runCli(argv: string[]): Promise<string | undefined> {
  const root = findRoot(dirname(fileURLToPath(import.meta.url)));
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
  const program = new Command('authmock')
    .description('Spec-driven mock and contract tester for the commerce token API and the social login API')
    .version(version);

  const withServerOptions = (cmd: Command) =>
    cmd
      .option('-p, --port <port>', 'port to listen on (env PORT)', undefined)
      .option('--host <host>', 'interface to listen on; 0.0.0.0 opens it to the LAN', '127.0.0.1')
      .option('--specs <dir>', 'directory with commerce.openapi.yaml and social.openapi.yaml', join(root, 'specs'))
      .option('--fixtures <dir>', 'directory with commerce.yaml and social.yaml (accounts, roles, client apps)', join(root, 'fixtures'))
      .option(
        '--state <dir|memory|redis-url>',
        "where tokens, revocations and lockouts persist; 'memory' keeps nothing; redis://host:port/db (or 'redis': AUTHMOCK_REDIS_URL) shares them between servers",
        join(root, '.authmock', 'state'),
      );

  const serveCommand = withServerOptions(program.command('serve').description('serve the APIs (default: http://127.0.0.1:4010)'));
  // One lifetime flag per kind of token each API module issues: --customer-token-lifetime, ...
  for (const module of API_MODULES) {
    for (const type of module.userTypes)
      serveCommand.option(`--${type}-token-lifetime <s>`, `${module.name} ${type} tokens expire after this many seconds (default: never)`);
  }
  serveCommand
    .option(
      '--control-key <key>',
      'key the control API (/__authmock/) requires in X-Authmock-Key; off loopback one is generated when not given',
    )
    .option('--no-control', 'do not serve the control API')
    .option('--max-namespaces <n>', 'namespaces the state may hold (default 1000)')
    .option('--journal-size <n>', 'requests the journal keeps per namespace (GET /__authmock/requests); 0 turns it off', '1000')
    .option(
      '--instance-name <name>',
      "the name this instance's journal entries carry, to tell instances on one Redis apart (default host:port)",
    )
    .option('--latency <ms|min-max>', 'delay every answer of the mocked APIs by this many milliseconds, or a random number in a range')
    .option('--reset', 'forget all tokens, revocations and lockout counters before starting')
    .option('--dev', "developer mode: errors carry the platform's `trace` and decoding details")
    .option('--cors-origin <origins...>', "origins allowed by CORS, comma- or space-separated; '*' allows any", ['*'])
    .option('--body-limit <bytes>', 'largest request body accepted', '1048576')
    .option('--max-connections <n>', 'open connections accepted at once; more are closed (default: no cap)')
    .option('--lockout-failures <n>', 'failed logins that lock a commerce username', '6')
    .option('--lockout-seconds <s>', 'how long a locked username stays locked', '1800')
    .option('--oauth-sha1', 'commerce: accept HMAC-SHA1 OAuth signatures, as the platform did before 2.4.4')
    .option('--integration-as-bearer', "commerce: an integration's access token also works as a Bearer token")
    .option('--admin-2fa', 'commerce: admins get tokens only through POST /V1/tfa/provider/google/authenticate')
    .addOption(
      new Option('--log-level <level>', 'log level on stderr; debug logs each request')
        .choices(['fatal', 'error', 'warn', 'info', 'debug', 'silent'])
        .default('info'),
    )
    .action(async (flags: ServeFlags & { reset?: boolean }) => {
      const { serve } = await import('./serve.js');
      await serve(toConfig(root, flags, API_MODULES), { reset: flags.reset, version });
    });

  program
    .command('reset')
    .description('reset the persisted state to the fixtures: forget all tokens, revocations and lockouts')
    .option('--state <dir|redis-url>', 'the state directory, or a Redis URL', join(root, '.authmock', 'state'))
    .action(async (flags: { state: string }) => {
      const { openStoreAsync } = await import('../store/open-store.js');
      const store = await openStoreAsync(toConfig(root, flags, API_MODULES).state);
      await store.reset();
      await store.close();
      const { showState } = await import('../store/redis/redis-url.js');
      process.stdout.write(`state reset: ${showState(flags.state)}\n`);
    });

  program
    .command('check')
    .description('test a live server against the specs: examples, bad input, permissions, token flows, lockout')
    .option('--target <url>', 'base URL of the server (commerce under <url>/rest, social under <url>)')
    .addOption(new Option('--api <name>', 'which API to check').choices(['commerce', 'social', 'all']).default('all'))
    .option('--commerce-url <url>', 'base URL the commerce spec paths go under (instead of <target>/rest), e.g. a Prism proxy')
    .option('--social-url <url>', 'base URL the social spec paths go under (instead of <target>)')
    .option('--specs <dir>', 'directory with commerce.openapi.yaml and social.openapi.yaml', join(root, 'specs'))
    .option('--fixtures <dir>', `accounts from authmock fixtures (default without credentials: ${join(root, 'fixtures')})`)
    .option('--credentials <file>', 'accounts as YAML or JSON (passwords never go on the command line); AUTHMOCK_* variables override')
    .option('--no-lockout', 'do not run the lockout flow (it locks the lockout account)')
    .option('--lockout-attempts <n>', 'failed logins after which the account must be locked', '6')
    .option('--json-only', 'skip cases with XML bodies or XML answers')
    .option('--proxy-safe', "skip what Prism's validating proxy cannot judge: XML cases and requests Prism answers itself")
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--json <file>', 'write a JSON report')
    .option('--html <file>', 'write a self-contained HTML report: permission matrix, flows, failed requests and answers')
    .option('--timeout <ms>', 'per-request timeout', '10000')
    .option('--list', 'list the cases (and why any would be skipped) without sending anything')
    .option('--quiet', 'print only failed cases and the summary')
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2))
    .action(async (flags: import('../check/check-command.js').CheckFlags) => {
      const { runCheckCommand } = await import('../check/check-command.js');
      process.exitCode = await runCheckCommand(root, flags, { stdout: process.stdout, stderr: process.stderr, env: process.env });
    });

  // `authmock lint` parses its own arguments (src/lint/parse-lint-args.ts), so they are
  // handed over as they came; exit codes 0 clean, 1 findings, 2 usage or unreadable file.
  program
    .command('lint')
    .description("lint OpenAPI 3.0/3.1 specs: spectral:oas, OWASP API security and authmock's auth rules (authmock lint --help)")
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_flags: unknown, command: Command) => {
      const { runLint } = loadLintCommand();
      process.exitCode = await runLint(command.args, { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), root });
    });

  let ran: string | undefined;
  program.hook('preAction', (_program, action) => {
    ran = action.name();
  });
  try {
    await program.parseAsync(argv);
    return ran;
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as Error).name === 'SpecError' ||
      (err as Error).name === 'FixtureError' ||
      (err as Error).name === 'StateError' ||
      (err as Error).name === 'StartError'
    ) {
      process.stderr.write(`authmock: ${(err as Error).message}\n`);
      process.exit(2);
    }
    throw err;
  }
}
