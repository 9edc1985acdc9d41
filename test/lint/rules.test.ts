import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixturesDir, lintFindings, repoRoot, type Finding } from './run-lint.js';
import auth from '../../spectral/auth.mjs';
import serving from '../../spectral/serving.mjs';

// Each of authmock's rules has fixtures under fixtures/rules/<rule id>/: specs that break
// it (fails*) and one that keeps it (passes*). All are linted in one run.
interface RulePair {
  fails: string[];
  passes: string[];
  /** words of the message that tell how to fix it */
  fix: RegExp;
}

const RULES: Record<string, RulePair> = {
  'authmock-secured-declares-401': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /add a '401' response/ },
  'authmock-scoped-declares-403': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /add a '403' response/ },
  'authmock-security-scheme-used': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /apply it .* or remove it/ },
  'authmock-security-agrees': {
    fails: ['fails.yaml', 'fails-oas30-api-key-scopes.yaml', 'fails-unknown-scheme.yaml'],
    passes: ['passes.yaml'],
    fix: /add it to the flow's `scopes`|use `\[\]`|declare the scheme/,
  },
  'authmock-error-response-schema': {
    fails: ['fails.yaml'],
    passes: ['passes.yaml'],
    fix: /add (`content` with )?a schema|add a `schema`/,
  },
  'authmock-auth-error-example': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /add an `example`/ },
  'authmock-examples-valid': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /correct the example or its schema/ },
  'oas3-valid-media-example': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /must be integer/ },
  'authmock-operation-id': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /needs a camelCase operationId/ },
  'authmock-permission': {
    fails: ['fails.yaml', 'fails-social/social.openapi.yaml'],
    passes: ['passes-commerce/commerce.openapi.yaml'],
    fix: /add one of|use one of/,
  },
  'authmock-permission-matches-security': {
    fails: ['fails.yaml'],
    passes: ['passes.yaml'],
    fix: /add an empty requirement|list the token scheme/,
  },
  'authmock-served-example': {
    fails: ['fails.yaml'],
    passes: ['passes.yaml', 'passes-handled/commerce.openapi.yaml'],
    fix: /add an `example`/,
  },
  'authmock-declares-default': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /add one with the error body/ },
  'authmock-extension-reason': { fails: ['fails.yaml'], passes: ['passes.yaml'], fix: /must say in words why/ },
};

const SERVING_RULES = Object.keys(serving.rules);

let findings: Finding[] = [];

/** The findings of one rule in one fixture file (relative to fixtures/rules/<rule>/). */
function findingsOf(rule: string, file: string): Finding[] {
  const source = join('test', 'lint', 'fixtures', 'rules', rule, file);
  return findings.filter((f) => f.code === rule && f.source === source);
}

beforeAll(async () => {
  const run = await lintFindings([join(fixturesDir, 'rules', '**', '*.yaml'), join(fixturesDir, 'serving-silent', '*.yaml')]);
  expect(run.stderr).toBe('');
  findings = run.findings;
});

describe.each(Object.entries(RULES))('%s', (rule, pair) => {
  test.each(pair.fails)('reports %s, saying how to fix it', (file) => {
    const found = findingsOf(rule, file);
    expect(found.length).toBeGreaterThan(0);
    for (const finding of found) expect(finding.message).toMatch(pair.fix);
  });

  test.each(pair.passes)('accepts %s', (file) => {
    expect(findingsOf(rule, file)).toEqual([]);
  });
});

test('every authmock rule has a test pair', () => {
  const ours = [...Object.keys(auth.rules), ...SERVING_RULES];
  expect(Object.keys(RULES).sort()).toEqual(ours.sort());
});

test('serving rules stay silent on a spec that authmock does not serve', () => {
  const source = join('test', 'lint', 'fixtures', 'serving-silent', 'plain-api.yaml');
  const codes = findings.filter((f) => f.source === source).map((f) => f.code);
  expect(codes).toContain('operation-operationId'); // spectral:oas still speaks
  for (const rule of SERVING_RULES) expect(codes).not.toContain(rule);
});

test('reports where the problem is, on the offending line', () => {
  const [scope] = findingsOf('authmock-security-agrees', 'fails.yaml');
  expect(scope.path).toEqual(['paths', '/orders', 'post', 'security', '0', 'oauth', '0']);
  expect(scope.range.start.line + 1).toBe(11);
});

test('docs/lint.md documents every rule with its severity', () => {
  const docs = readFileSync(join(repoRoot, 'docs', 'lint.md'), 'utf8');
  for (const [id, rule] of Object.entries({ ...auth.rules, ...serving.rules })) {
    const row = docs.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));
    expect(row, `${id} has a row in docs/lint.md`).toBeDefined();
    expect(row).toContain(`| ${(rule as { severity: string }).severity} |`);
  }
});
