import { expect, test } from 'vitest';
import { lintInProcess } from './run-lint.js';

const DIR = 'test/lint/fixtures/serve-accepts';

test('integer YAML keys that serve accepts are not findings unless --strict', async () => {
  const quiet = await lintInProcess([`${DIR}/unquoted-keys.yaml`, '--format', 'json']);
  const codes = (JSON.parse(quiet.stdout) as { code: string }[]).map((r) => r.code);
  expect(codes).not.toContain('parser');
  const strict = await lintInProcess([`${DIR}/unquoted-keys.yaml`, '--format', 'json', '--strict']);
  const parser = (JSON.parse(strict.stdout) as { code: string; message: string }[]).filter((r) => r.code === 'parser');
  expect(parser).toHaveLength(3);
  expect(parser[0].message).toMatch(/^Mapping key must be a string scalar/);
});

test('an operation that is a $ref to another file is resolved, not a schema error, unless --strict', async () => {
  const resolved = await lintInProcess([`${DIR}/operation-ref.yaml`, '--format', 'json']);
  expect((JSON.parse(resolved.stdout) as { code: string }[]).filter((r) => r.code === 'oas3-schema')).toEqual([]);
  expect(resolved.code).toBe(0);
  const strict = await lintInProcess([`${DIR}/operation-ref.yaml`, '--format', 'json', '--strict']);
  expect((JSON.parse(strict.stdout) as { code: string }[]).filter((r) => r.code === 'oas3-schema')).toHaveLength(2);
});

test('stylish: authentication first, one line a rule with its count and next places; --all lists each', async () => {
  const { stdout, code } = await lintInProcess([`${DIR}/repeated.yaml`]);
  expect(code).toBe(1);
  const lines = stdout.split('\n');
  const rows = lines.filter((l) => /^\s*\d+:\d+\s/.test(l));
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatch(
    /error\s+authmock-secured-declares-401 .*\[5 times; also 13:68, 15:68, 17:68, and 1 more; --all lists every one\]/,
  );
  expect(rows[1]).toMatch(/warning\s+authmock-error-response-schema .*\[5 times;/);
  expect(lines.indexOf('Authentication')).toBeLessThan(lines.indexOf('Other findings'));
  expect(stdout).toContain('✖ 10 problems (5 errors, 5 warnings, 0 infos, 0 hints)');
  const all = await lintInProcess([`${DIR}/repeated.yaml`, '--all']);
  expect(all.stdout.split('\n').filter((l) => /^\s*\d+:\d+\s/.test(l))).toHaveLength(10);
  expect(all.stdout).not.toContain('times; also');
});
