import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'build-if-stale.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project whose `npm run build` leaves a marker, so a test sees whether a build ran. */
function makeProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'authmock-stale-'));
  dirs.push(root);
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'dist', 'bundle', 'authmock.cjs'), '');
  const build = `node -e "require('fs').writeFileSync('built', '1')" && node ${JSON.stringify(SCRIPT)} --write-stamp`;
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { build } }));
  return root;
}

function prestart(root: string) {
  rmSync(join(root, 'built'), { force: true });
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: run.status, built: existsSync(join(root, 'built')), stderr: run.stderr };
}

describe('npm start (prestart: scripts/build-if-stale.mjs)', () => {
  it('builds when there was never a build, and says it is the first time', () => {
    const root = makeProject();
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    const run = prestart(root);
    expect(run).toMatchObject({ status: 0, built: true });
    expect(run.stderr).toContain('authmock: building for the first time');
    expect(run.stderr).not.toContain('changed');
  });

  it('does not rebuild when nothing changed since the last build', () => {
    const root = makeProject();
    prestart(root);
    const started = Date.now();
    expect(prestart(root)).toMatchObject({ status: 0, built: false, stderr: '' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rebuilds after a source file changed, and says so', () => {
    const root = makeProject();
    prestart(root);
    const later = new Date(Date.now() + 5000);
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    utimesSync(join(root, 'src', 'a.ts'), later, later);
    const run = prestart(root);
    expect(run).toMatchObject({ status: 0, built: true });
    expect(run.stderr).toContain('authmock: sources changed since the last build');
  });

  it('rebuilds after a new source file appeared', () => {
    const root = makeProject();
    prestart(root);
    writeFileSync(join(root, 'src', 'b.ts'), 'export const b = 1;\n');
    expect(prestart(root)).toMatchObject({ status: 0, built: true });
  });

  it('rebuilds when the last build did not finish (no bundle)', () => {
    const root = makeProject();
    prestart(root);
    rmSync(join(root, 'dist', 'bundle'), { recursive: true });
    expect(prestart(root).built).toBe(true);
  });
});
