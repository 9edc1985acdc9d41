import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from './run-lint.js';

// The command as users get it: the packed package, installed in a project, run through its
// bin. It needs the build (dist/bundle), which `npm test` makes first; run alone on a tree
// without a build, or with one older than `authmock lint`, there is nothing to test.
const bundleDir = join(repoRoot, 'dist', 'bundle');
const built = existsSync(bundleDir) && readdirSync(bundleDir).some((f) => readFileSync(join(bundleDir, f), 'utf8').includes('runLint'));

describe.skipIf(!built)('npx authmock lint from the packed package', () => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'authmock-packed-'));
    const packed = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', project], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    const modules = join(project, 'node_modules');
    mkdirSync(modules);
    execFileSync('tar', ['xzf', join(project, packed), '-C', project]);
    cpSync(join(project, 'package'), join(modules, 'authmock'), { recursive: true });
    // authmock's dependencies, as npm would install them beside it
    for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
      if (entry !== 'authmock' && entry !== '.bin') symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry));
    }
    mkdirSync(join(modules, '.bin'));
    symlinkSync('../authmock/bin/authmock.js', join(modules, '.bin', 'authmock'));
    cpSync(join(repoRoot, 'test', 'lint', 'fixtures', 'rules', 'authmock-secured-declares-401', 'fails.yaml'), join(project, 'some.yaml'));
  }, 120_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const authmock = (...args: string[]) =>
    spawnSync(join(project, 'node_modules', '.bin', 'authmock'), args, { cwd: project, encoding: 'utf8', timeout: 60_000 });

  test("the package ships the ruleset, its export and the served specs' configuration", () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'authmock', 'package.json'), 'utf8'));
    expect(manifest.exports['./spectral-ruleset']).toBe('./spectral/ruleset.mjs');
    for (const file of [
      'spectral/ruleset.mjs',
      'spectral/auth.mjs',
      'spectral/serving.mjs',
      '.spectral.yaml',
      'specs/commerce.openapi.yaml',
    ]) {
      expect(existsSync(join(project, 'node_modules', 'authmock', file)), file).toBe(true);
    }
  });

  test("authmock lint some.yaml reports authmock's findings and exits 1", () => {
    const run = authmock('lint', 'some.yaml');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('some.yaml');
    expect(run.stdout).toMatch(/error\s+authmock-secured-declares-401/);
    expect(run.status).toBe(1);
  });

  test('authmock lint without files lints the served specs clean (exit 0)', () => {
    const run = authmock('lint');
    expect(run.stdout).toBe('No problems found.\n');
    expect(run.status).toBe(0);
  });

  test('usage errors and unreadable files exit 2', () => {
    expect(authmock('lint', '--format', 'html', 'some.yaml').status).toBe(2);
    const missing = authmock('lint', 'missing.yaml');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('missing.yaml: cannot read it');
  });

  test('--help of the command', () => {
    const run = authmock('lint', '--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: authmock lint');
  });
});
