#!/usr/bin/env node
// `npm start`'s prestart: rebuilds only when a build input changed since the last build,
// so a start after no edit costs the bin's start-up, not a 6-8 s build. The build writes
// the stamp (`--write-stamp`) as its last step: a fingerprint of every input's path, size
// and mtime (cheap: no file is read).
//   node scripts/build-if-stale.mjs [--root <dir>]                check, build if stale
//   node scripts/build-if-stale.mjs [--root <dir>] --write-stamp  record the inputs as built
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** What the build reads: sources, compiler and bundler settings, the scripts it runs. */
const INPUTS = [
  'src',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.types.json',
  'package.json',
  'package-lock.json',
  'scripts/bundle.mjs',
  'scripts/warm-cache.mjs',
];
const STAMP = 'dist/.build-stamp';
/** Without it the build did not finish, whatever the stamp says. */
const OUTPUT = 'dist/bundle/authmock.cjs';

export function fingerprintInputs(root) {
  const hash = createHash('sha256');
  const visit = (rel) => {
    const path = join(root, rel);
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(`${rel}/${name}`);
    } else {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(input);
  return hash.digest('hex');
}

export function isBuildStale(root) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, OUTPUT))) return true;
  return readFileSync(stamp, 'utf8').trim() !== fingerprintInputs(root);
}

export function writeBuildStamp(root) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, STAMP), `${fingerprintInputs(root)}\n`);
}

function main(argv) {
  const at = argv.indexOf('--root');
  const root = resolve(at >= 0 ? argv[at + 1] : '.');
  if (argv.includes('--write-stamp')) return writeBuildStamp(root);
  if (!isBuildStale(root)) return;
  // a fresh clone has never built: nothing changed, it is the first time
  const first = !existsSync(join(root, STAMP)) && !existsSync(join(root, OUTPUT));
  process.stderr.write(
    first ? 'authmock: building for the first time (about a minute)...\n' : 'authmock: sources changed since the last build, building...\n',
  );
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exitCode = built.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main(process.argv.slice(2));
