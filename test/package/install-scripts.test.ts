import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

/** Every package of the lock file with an install script, by name. */
const withScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort();

it('allowScripts decides on every install script the lock file has, so npm ci warns about none', () => {
  expect(withScripts.length).toBeGreaterThan(0);
  expect(withScripts.filter((name) => !(name in manifest.allowScripts))).toEqual([]);
});

it('builds what must be built (the SQLite addon, the bundler) and keeps telemetry off', () => {
  expect(manifest.allowScripts).toMatchObject({ 'better-sqlite3': true, esbuild: true, '@scarf/scarf': false });
});
