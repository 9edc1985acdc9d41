import { describe, expect, test } from 'vitest';
import { lintInProcess } from './run-lint.js';

const PASSING = 'test/lint/fixtures/rules/authmock-permission/passes-commerce/commerce.openapi.yaml';
const ONLY_WARNINGS = 'test/lint/fixtures/rules/authmock-security-scheme-used/fails.yaml';
const FAILING = 'test/lint/fixtures/rules/authmock-secured-declares-401/fails.yaml';

describe('exit code 0 and 1: findings against --fail-severity', () => {
  test('0 when nothing is at or above the fail severity (warnings do not fail by default)', async () => {
    const run = await lintInProcess([ONLY_WARNINGS, '--ruleset', 'test/lint/fixtures/rulesets/only-authmock-warnings.yaml']);
    expect(run.stdout).toContain('authmock-security-scheme-used');
    expect(run.code).toBe(0);
  });

  test('1 when a warning is found and --fail-severity is warn', async () => {
    const run = await lintInProcess([
      ONLY_WARNINGS,
      '--ruleset',
      'test/lint/fixtures/rulesets/only-authmock-warnings.yaml',
      '--fail-severity',
      'warn',
    ]);
    expect(run.code).toBe(1);
  });

  test('1 when an error is found', async () => {
    expect((await lintInProcess([FAILING])).code).toBe(1);
  });

  test('0 for the specs authmock serves, linted as its CI lints them', async () => {
    expect((await lintInProcess(['--fail-severity', 'hint'])).code).toBe(0);
  });

  test('a glob lints every file it matches', async () => {
    const run = await lintInProcess(['test/lint/fixtures/rules/authmock-secured-declares-401/*.yaml', '-f', 'json']);
    const sources = new Set((JSON.parse(run.stdout) as { source: string }[]).map((f) => f.source));
    expect(sources).toEqual(new Set([FAILING, FAILING.replace('fails', 'passes')]));
  });
});

describe('exit code 2: usage errors and files that cannot be linted', () => {
  test('names an unparsable YAML file with line and column, and lints nothing', async () => {
    const run = await lintInProcess([PASSING, 'test/lint/fixtures/broken/bad-indentation.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^authmock lint: test\/lint\/fixtures\/broken\/bad-indentation\.yaml:4:\d+: Bad indentation/m);
    expect(run.stdout).toBe('');
  });

  test('names an unparsable JSON file with line and column', async () => {
    const run = await lintInProcess(['test/lint/fixtures/broken/trailing-comma.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/trailing-comma\.json:4:\d+: /);
  });

  test('names a missing file', async () => {
    const run = await lintInProcess(['no/such/spec.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('authmock lint: no/such/spec.yaml: cannot read it (ENOENT)\n');
  });

  test('a glob that matches nothing is a usage error', async () => {
    const run = await lintInProcess(['no/such/dir/*.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no file matches no/such/dir/*.yaml');
  });

  test('a document that is not OpenAPI 3.0 or 3.1 or Swagger 2.0', async () => {
    const run = await lintInProcess(['test/lint/fixtures/broken/swagger-1.2.yaml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('swagger-1.2.yaml: not an OpenAPI 3.0 or 3.1 or Swagger 2.0 document (its `swagger` field is "1.2")');
  });

  test.each([
    [['--format', 'html', PASSING], /argument 'html' is invalid/],
    [['--fail-severity', 'fatal', PASSING], /argument 'fatal' is invalid/],
    [['--no-such-flag', PASSING], /unknown option '--no-such-flag'/],
    [['--ruleset', 'no/such/ruleset.yaml', PASSING], /cannot read ruleset no\/such\/ruleset\.yaml/],
  ])('%j', async (argv, message) => {
    const run = await lintInProcess(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  test('--help prints the usage and exits 0', async () => {
    const run = await lintInProcess(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: authmock lint \[options\] \[files\.\.\.\]/);
    expect(run.stdout).toContain('--fail-severity');
  });
});
