import { describe, expect, test } from 'vitest';
import { lintFindings, lintInProcess } from './run-lint.js';

const LEGACY = 'test/byo/specs/legacy.swagger.json';
const SCOPES = 'test/lint/fixtures/swagger2/scopes.swagger.yaml';

describe('Swagger 2.0, linted as serve upgrades it', () => {
  test('is linted (exit 0 or 1, not 2), its findings named at places in the 2.0 file', async () => {
    const { code, findings, stderr } = await lintFindings([LEGACY]);
    expect(stderr).toBe('');
    expect([0, 1]).toContain(code);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.source).toBe(LEGACY);
      expect(f.path[0]).not.toBe('components');
    }
    // line 119 (1-based) of the JSON file is the 401 of POST /items
    const example = findings.find((f) => f.code === 'authmock-auth-error-example');
    expect(example?.path).toEqual(['paths', '/items', 'post', 'responses', '401']);
    expect(example?.range.start.line).toBe(118);
  });

  test('an undefined scope is reported at the 2.0 operation, with the missing 401 and 403 at its responses', async () => {
    const { code, findings } = await lintFindings([SCOPES]);
    expect(code).toBe(1);
    const scope = findings.find((f) => f.code === 'authmock-security-agrees');
    expect(scope?.message).toContain('notes:write');
    expect(scope?.path.slice(0, 4)).toEqual(['paths', '/notes', 'post', 'security']);
    expect(scope?.range.start.line).toBe(19); // `- oauth: [notes:write]`, line 20
    expect(scope?.path.map(String)).toEqual(['paths', '/notes', 'post', 'security', '0', 'oauth', '0']);
    const declares = findings.filter((f) => f.code === 'authmock-secured-declares-401' || f.code === 'authmock-scoped-declares-403');
    expect(declares.map((f) => f.path)).toEqual([
      ['paths', '/notes', 'post', 'responses'],
      ['paths', '/notes', 'post', 'responses'],
    ]);
  });

  test('schemas are reported under definitions, with their own lines', async () => {
    const { findings } = await lintFindings([SCOPES]);
    const unused = findings.find((f) => f.code === 'oas3-unused-component');
    expect(unused?.path).toEqual(['definitions', 'Unused']);
    expect(unused?.range.start.line).toBe(38); // `Unused:`, line 39
    // upgraded, the schema's `example: 12` is `examples: [12]`, which authmock's rule checks
    const example = findings.find((f) => f.code === 'authmock-examples-valid');
    expect(example?.path.slice(0, 4)).toEqual(['definitions', 'Note', 'properties', 'text']);
    expect(example?.range.start.line).toBe(35);
  });

  test('the stylish report names the 2.0 file and its lines', async () => {
    const run = await lintInProcess([SCOPES]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(SCOPES);
    expect(run.stdout).toMatch(/^\s+20:\d+\s+error\s+authmock-security-agrees/m);
    expect(run.stdout).not.toContain('components.');
  });
});

test('a duplicate key in the 2.0 file is a parser finding at its line, as for 3.x', async () => {
  const { findings } = await lintFindings(['test/lint/fixtures/swagger2/duplicate-key.swagger.yaml']);
  const parser = findings.find((f) => f.code === 'parser');
  expect(parser?.message).toContain('Duplicate key');
  expect(parser?.range.start.line).toBe(4);
});
