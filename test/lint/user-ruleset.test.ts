import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lintFindings, repoRoot } from './run-lint.js';

const SPEC = 'test/lint/fixtures/rules/authmock-security-scheme-used/fails.yaml';

describe("--ruleset adds a user ruleset on top of authmock's", () => {
  test.each(['team-rule.yaml', 'team-rule.mjs'])("%s: its rule reports, and authmock's rules still run", async (ruleset) => {
    const { code, findings, stderr } = await lintFindings([SPEC], ['--ruleset', `test/lint/fixtures/rulesets/${ruleset}`]);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const codes = findings.map((f) => f.code);
    expect(codes).toContain('acme-info-team');
    expect(findings.find((f) => f.code === 'acme-info-team')?.message).toBe('info.x-team is missing: name the owning team.');
    expect(codes).toContain('authmock-error-response-schema');
    // it configures no OWASP rule: OWASP runs only with --owasp
    expect(codes.some((c) => c.startsWith('owasp:'))).toBe(false);
  });

  test('with --owasp the OWASP rules run under it too', async () => {
    const { findings } = await lintFindings([SPEC], ['--ruleset', 'test/lint/fixtures/rulesets/team-rule.yaml', '--owasp']);
    expect(findings.map((f) => f.code)).toContain('owasp:api4:2023-rate-limit');
  });

  test('a ruleset that configures an OWASP rule brings the OWASP ruleset (as the package .spectral.yaml does)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-owasp-rules-'));
    try {
      writeFileSync(join(dir, 'rules.yaml'), 'rules:\n  owasp:api4:2023-rate-limit: off\n');
      const { findings, stderr } = await lintFindings([SPEC], ['--ruleset', join(dir, 'rules.yaml')]);
      expect(stderr).toBe('');
      const codes = findings.map((f) => f.code);
      expect(codes).toContain('owasp:api8:2023-define-error-responses-500');
      expect(codes).not.toContain('owasp:api4:2023-rate-limit');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("its rules win: it can turn one of authmock's off", async () => {
    const without = await lintFindings([SPEC]);
    expect(without.findings.map((f) => f.code)).toContain('authmock-security-scheme-used');
    const withRuleset = await lintFindings([SPEC], ['--ruleset', 'test/lint/fixtures/rulesets/team-rule.yaml']);
    expect(withRuleset.findings.map((f) => f.code)).not.toContain('authmock-security-scheme-used');
  });
});

// A project of an API author: authmock installed in node_modules (here a link to this
// repository, as npm links a local package), its own .spectral.yaml extending the export.
describe('a user .spectral.yaml that extends the exported ruleset runs under the Spectral CLI', () => {
  let project: string;
  const spectralCli = join(repoRoot, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'authmock-author-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(repoRoot, join(project, 'node_modules', 'authmock'), 'dir');
    cpSync(join(repoRoot, 'test', 'lint', 'fixtures', 'rules', 'authmock-secured-declares-401', 'fails.yaml'), join(project, 'api.yaml'));
    cpSync(
      join(repoRoot, 'test', 'lint', 'fixtures', 'rules', 'authmock-permission', 'fails-social', 'social.openapi.yaml'),
      join(project, 'social.openapi.yaml'),
    );
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  function spectral(ruleset: string, ...files: string[]) {
    writeFileSync(join(project, '.spectral.yaml'), ruleset);
    const run = spawnSync(process.execPath, [spectralCli, 'lint', ...files, '--format', 'json', '--quiet'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    return { status: run.status, codes: (JSON.parse(run.stdout) as { code: string }[]).map((r) => r.code) };
  }

  test("extends: authmock/spectral-ruleset (spectral:oas, OWASP and authmock's rules)", () => {
    const { status, codes } = spectral(
      'extends:\n  - authmock/spectral-ruleset\nrules:\n  owasp:api4:2023-rate-limit: off\n',
      'api.yaml',
      'social.openapi.yaml',
    );
    expect(status).toBe(1);
    expect(codes).toContain('authmock-secured-declares-401');
    expect(codes).toContain('authmock-permission'); // a serving rule, on the file authmock would serve
    expect(codes).toContain('info-contact'); // spectral:oas
    expect(codes).toContain('owasp:api8:2023-define-error-responses-401');
    expect(codes).not.toContain('owasp:api4:2023-rate-limit');
  });

  test('extends: spectral:oas then authmock/spectral-ruleset/auth (auth rules only)', () => {
    const { codes } = spectral('extends:\n  - spectral:oas\n  - authmock/spectral-ruleset/auth\n', 'api.yaml', 'social.openapi.yaml');
    expect(codes).toContain('authmock-secured-declares-401');
    expect(codes).toContain('info-contact');
    expect(codes).not.toContain('authmock-permission');
    expect(codes.some((c) => c.startsWith('owasp:'))).toBe(false);
  });
});
