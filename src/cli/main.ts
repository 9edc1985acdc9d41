import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { toConfig, UsageError, type ServeFlags } from './options.js';
import { findProjectFile, PROJECT_FILE, readProjectFile, readProjectRefRoots } from './project-file.js';
import type { Config } from '../config.js';
import { API_MODULES } from '../apis/index.js';

/**
 * `authmock lint` runs from dist/lint as ES modules, outside the bundle: it imports
 * JavaScript rulesets, and the bundle runs as a script (scripts/bundle.mjs), where
 * import() has no module loader. dist/lint sits at the same depth as dist/bundle.
 */
function loadLintCommand(): typeof import('../lint/lint-command.js') {
  return createRequire(import.meta.url)('../lint/lint-command.js');
}

/** Where the state goes when neither --state nor AUTHMOCK_STATE says (src/config.ts). */
const STATE_DEFAULT = join('.authmock', 'state');

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
    .description(
      'Spec-driven mock, authorization server and contract checker for token-authenticated APIs: your OpenAPI spec, or the built-in commerce and social APIs',
    )
    .version(version)
    // a usage error (unknown option or command, a value not among the choices) exits 2, as every other one does; help and --version 0
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

  // a repeatable flag's values, in order
  const collect = (value: string, previous: string[]) => [...previous, value];
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

  program
    .command('reset')
    .description('reset the persisted state to the fixtures: forget all tokens, revocations and lockouts')
    .option('--state <dir|redis-url>', `the state directory, or a Redis URL (env AUTHMOCK_STATE; default: ${STATE_DEFAULT})`)
    .action(async (flags: { state?: string }) => {
      const { openStoreAsync } = await import('../store/open-store.js');
      const { state } = toConfig(root, flags, [...API_MODULES, SPEC_TOKEN_TYPES]);
      const store = await openStoreAsync(state);
      await store.reset();
      await store.close();
      const { showState } = await import('../store/redis/redis-url.js');
      process.stdout.write(`state reset: ${showState(state)}\n`);
    });

  const checkCommand = program
    .command('check')
    .description(
      "test a live server against specs: your own with --spec (the auth matrix of every operation), else the built-in APIs' examples, bad input, permissions, token flows and lockout",
    )
    .option(
      '--spec <file>',
      'a spec of yours (OpenAPI 3.x or Swagger 2.0) to check instead of the built-in APIs; repeat for several',
      collect,
      [],
    )
    .option(
      '--target <url>',
      'base URL of the server (a --spec under <url> plus its server path; commerce under <url>/rest, social under <url>)',
    )
    .addOption(new Option('--api <name>', 'which API to check').choices(['commerce', 'social', 'all']).default('all'))
    .option('--commerce-url <url>', 'base URL the commerce spec paths go under (instead of <target>/rest), e.g. a Prism proxy')
    .option('--social-url <url>', 'base URL the social spec paths go under (instead of <target>)')
    .option('--fixtures <dir>', `accounts from authmock fixtures (default without credentials: ${join(root, 'fixtures')})`)
    .option(
      '--credentials <file>',
      'YAML or JSON (passwords never go on the command line): with --spec, tokens, keys, users and OAuth clients per scheme (${NAME} from the environment); else accounts, which AUTHMOCK_* variables override',
    )
    .option('--unsafe', 'with --spec against a server that is not authmock: call every operation, not only GET, HEAD and OPTIONS')
    .option('--only <names>', 'with --spec: check only these operationIds or tags (comma-separated; repeatable)', collect, [])
    .option('--skip <names>', 'with --spec: leave out these operationIds or tags (comma-separated; repeatable)', collect, [])
    .option('--max-requests <n>', 'with --spec: send at most this many requests; the cases left are skipped', '2000')
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
      const refRoots = readProjectRefRoots(process.cwd());
      process.exitCode = await runCheckCommand(
        root,
        { ...flags, refRoots },
        { stdout: process.stdout, stderr: process.stderr, env: process.env },
      );
    });
  addBuiltinSpecsOption(checkCommand, root);
  checkCommand
    .command('diff')
    .description("compare two runs' matrices (--json reports) cell by cell; exits 1 on any difference, listing them")
    .argument('<a>', 'the first run: a report written by check --json')
    .argument('<b>', 'the second run')
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2))
    .action(async (a: string, b: string) => {
      const { runCheckDiff } = await import('../check/diff/diff-command.js');
      process.exitCode = runCheckDiff(a, b, { stdout: process.stdout });
    });

  // `authmock lint` parses its own arguments (src/lint/parse-lint-args.ts), so they are
  // handed over as they came; exit codes 0 clean, 1 findings, 2 usage or unreadable file.
  program
    .command('lint')
    .description(
      "lint OpenAPI 3.0/3.1 specs: spectral:oas and authmock's auth rules; --owasp adds OWASP API security (authmock lint --help)",
    )
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_flags: unknown, command: Command) => {
      const { runLint } = loadLintCommand();
      const io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), root, refRoots: readProjectRefRoots(process.cwd()) };
      process.exitCode = await runLint(command.args, io);
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

/** `--<type>-token-lifetime <s>`, one per kind of token each module issues. */
function addLifetimeOptions(cmd: Command, modules: readonly { name: string; userTypes: readonly string[] }[]): void {
  for (const module of modules) {
    for (const type of module.userTypes)
      cmd.option(
        `--${type}-token-lifetime <s>`,
        // "social tokens", not "social social tokens": a type named after its API is said once
        `${type === module.name ? module.name : `${module.name} ${type}`} tokens expire after this many seconds (default: never)`,
      );
  }
}

/**
 * `--builtin-specs <dir>`, the built-in APIs' folder; `--specs <dir>`, its old name, still
 * works, hidden from the help, with a note on stderr.
 */
function addBuiltinSpecsOption(cmd: Command, root: string): void {
  cmd
    .option('--builtin-specs <dir>', 'directory with commerce.openapi.yaml and social.openapi.yaml', join(root, 'specs'))
    .addOption(new Option('--specs <dir>').hideHelp())
    .on('option:specs', (dir: string) => {
      process.stderr.write('authmock: --specs is deprecated; use --builtin-specs\n');
      cmd.setOptionValueWithSource('builtinSpecs', dir, 'cli');
    });
}

/** The tokens a user's spec issues: a user's and an OAuth client's (`--user-token-lifetime`, `--client-token-lifetime`). */
const SPEC_TOKEN_TYPES = { name: 'spec', userTypes: ['user', 'client'] } as const;

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
