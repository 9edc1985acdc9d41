import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { lintInProcess, repoRoot } from './run-lint.js';

// Two files: one with findings of every severity class we rely on, one clean.
const FAILING = 'test/lint/fixtures/rules/authmock-secured-declares-401/fails.yaml';
const SCHEMES = 'test/lint/fixtures/rules/authmock-security-scheme-used/fails.yaml';

const scratch = mkdtempSync(join(tmpdir(), 'authmock-lint-formats-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('stylish', () => {
  test('lists each file with line:column, severity, rule id and message, then a summary', async () => {
    const { code, stdout } = await lintInProcess([FAILING]);
    expect(code).toBe(1);
    expect(stdout).toContain(FAILING);
    expect(stdout).toMatch(/\s10:\d+\s+error\s+authmock-secured-declares-401\s+Operation requires credentials \("bearerAuth"\)/);
    expect(stdout).toMatch(/✖ \d+ problems \(\d+ errors?, \d+ warnings?, 0 infos, 0 hints\)/);
    expect(stdout).not.toMatch(/\x1b\[/); // no colour codes when not writing to a terminal
  });

  test('says so when there is nothing to report', async () => {
    const { code, stdout } = await lintInProcess([]);
    expect(code).toBe(0);
    expect(stdout).toBe('No problems found.\n');
  });
});

test('json is an array of Spectral results with paths relative to the working directory', async () => {
  const { stdout } = await lintInProcess([FAILING, '--format', 'json']);
  const results = JSON.parse(stdout) as { code: string; source: string; severity: number; range: object; path: string[] }[];
  const finding = results.find((r) => r.code === 'authmock-secured-declares-401');
  expect(finding).toMatchObject({ source: FAILING, severity: 0, path: ['paths', '/me', 'get', 'responses'] });
  expect(finding?.range).toMatchObject({ start: { line: 9 } }); // 0-based: line 10
});

test('junit has one failed test case per finding at or above --fail-severity', async () => {
  const { stdout } = await lintInProcess([FAILING, SCHEMES, '--format', 'junit']);
  const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(stdout);
  const suites = xml.testsuites.testsuite as { '@_name': string; testcase?: { failure?: unknown; '@_name': string }[] }[];
  expect(suites.map((s) => s['@_name']).sort()).toEqual([SCHEMES, FAILING].sort());
  const cases = suites.flatMap((s) => s.testcase ?? []);
  expect(cases.some((c) => c['@_name'].startsWith('org.spectral.authmock-secured-declares-401(') && c.failure)).toBe(true);
  // authmock-security-scheme-used is a warning: not a failure at the default error level
  expect(cases.some((c) => c['@_name'].startsWith('org.spectral.authmock-security-scheme-used('))).toBe(false);
});

describe('sarif', () => {
  test('validates against the SARIF 2.1.0 schema and names authmock rules with their descriptions', async () => {
    const output = join(scratch, 'report.sarif');
    const { code, stdout } = await lintInProcess([FAILING, SCHEMES, '--format', 'sarif', '--output', output]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^\d+ problems \(.*\), \d+ about authentication, in 2 files; sarif report written to /);
    const log = JSON.parse(readFileSync(output, 'utf8'));

    const schema = JSON.parse(readFileSync(join(repoRoot, 'test', 'lint', 'sarif', 'sarif-2.1.0.json'), 'utf8'));
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);

    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'authmock-secured-declares-401');
    expect(rule.shortDescription.text).toMatch(/declares the 401/);
    const result = run.results.find((r: { ruleId: string }) => r.ruleId === 'authmock-secured-declares-401');
    expect(result.level).toBe('error');
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(FAILING);
    expect(result.locations[0].physicalLocation.region.startLine).toBe(10);
    const warning = run.results.find((r: { ruleId: string }) => r.ruleId === 'authmock-security-scheme-used');
    expect(warning.level).toBe('warning');
  });

  test('file URIs are relative to the directory the command runs in', async () => {
    const { stdout } = await lintInProcess(
      [join('authmock-secured-declares-401', 'fails.yaml'), '--format', 'sarif'],
      join(repoRoot, 'test', 'lint', 'fixtures', 'rules'),
    );
    const uris = JSON.parse(stdout).runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(new Set(uris)).toEqual(new Set(['authmock-secured-declares-401/fails.yaml']));
  });
});

test('--output creates missing directories and keeps stdout for the summary', async () => {
  const output = join(scratch, 'nested', 'dir', 'lint.json');
  const { code, stdout } = await lintInProcess([FAILING, '-f', 'json', '-o', output]);
  expect(code).toBe(1);
  expect(stdout).toContain('json report written to');
  expect(JSON.parse(readFileSync(output, 'utf8')).length).toBeGreaterThan(0);
});
