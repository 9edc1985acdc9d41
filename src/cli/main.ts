import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { toConfig, UsageError } from './options.js';
import { readProjectRefRoots } from './project-file.js';
import { API_MODULES } from '../apis/index.js';
import { addBuiltinSpecsOption, collect, SPEC_TOKEN_TYPES, STATE_DEFAULT } from './command-options.js';
import { addServeCommand } from './serve-command.js';

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
    .description(
      'Spec-driven mock, authorization server and contract checker for token-authenticated APIs: your OpenAPI spec, or the built-in commerce and social APIs',
    )
    .version(version)
    // a usage error (unknown option or command, a value not among the choices) exits 2, as every other one does; help and --version 0
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

  addServeCommand(program, root, version);

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
