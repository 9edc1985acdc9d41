import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';
import { missingLines, readmeBlocks, runSteps, stepsOf, type Step } from './readme-blocks.js';

// The package as a user gets it: `npm pack`, installed with npm into an empty project next
// to vitest and @playwright/test, then used from there. It needs the build (`npm test`
// makes it first), so it packs with --ignore-scripts rather than building again under the
// other tests' feet. The first install fills npm's cache (minutes); later ones read it.
const run = promisify(execFile);
const built =
  existsSync(join(ROOT, 'dist', 'index.js')) && existsSync(join(ROOT, 'dist', 'index.d.ts')) && existsSync(join(ROOT, 'dist', 'bundle'));
const CHROMIUM = '/usr/bin/chromium';
const versionOf = (pkg: string) => JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version as string;
/** The child runs its own vitest: none of this run's VITEST_* variables may leak into it. */
const childEnv = () =>
  Object.fromEntries(
    Object.entries({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '' }).filter(
      ([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS',
    ),
  );

interface Served {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs `command` (npx, or the bin) in `cwd` until its banner names the URL. Its own process
 * group: npx runs the bin in a child of its own, which a kill of npx alone leaves running.
 */
async function serve([command, ...args]: string[], cwd: string, as: { uid?: number; gid?: number } = {}): Promise<Served> {
  const server = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...as });
  let out = '';
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${out}`)), 60_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.once('exit', (code) => reject(new Error(`exited (${code}) before listening:\n${out}`)));
    });
    return { url, output: () => out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const login = (url: string) =>
  fetch(`${url}/rest/V1/integration/customer/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com' }),
  });
const me = (url: string, token: string) => fetch(`${url}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${token}` } });

/** Every directory under `dir`, and every file with its size and (unless a reinstall is compared) modification time. */
function listFiles(dir: string, withTimes = true): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((rel) => {
      const st = statSync(join(dir, rel));
      return st.isDirectory() ? `${rel}/` : `${rel} ${st.size}${withTimes ? ` ${st.mtimeMs}` : ''}`;
    });
}

describe.skipIf(!built)('the packed package in an empty project', () => {
  let project: string;
  let tarball: string;
  const npx = (args: string[], timeout = 120_000) => run('npx', args, { cwd: project, env: childEnv(), timeout, encoding: 'utf8' });

  beforeAll(async () => {
    // The tarball takes fixtures and specs from the tree but code from dist/: they must agree.
    const { isBuildStale } = (await import(join(ROOT, 'scripts', 'build-if-stale.mjs'))) as { isBuildStale(root: string): boolean };
    if (isBuildStale(ROOT)) throw new Error('dist/ is older than the sources: run `npm run build` (npm test does) before packing');
    project = mkdtempSync(join(tmpdir(), 'authmock-project-'));
    await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', project], { cwd: ROOT });
    tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!;
    await run('npm', ['init', '-y'], { cwd: project });
    const deps = [`./${tarball}`, `vitest@${versionOf('vitest')}`, `@playwright/test@${versionOf('playwright-core')}`];
    await run('npm', ['install', ...deps, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, timeout: 590_000 });
    cpSync(join(import.meta.dirname, 'scratch'), project, { recursive: true });
  }, 600_000);
  afterAll(() => project && rmSync(project, { recursive: true, force: true }));

  it('ships the entry point with its types', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'authmock', 'package.json'), 'utf8'));
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(readFileSync(join(project, 'node_modules', 'authmock', 'dist', 'index.d.ts'), 'utf8')).toContain(
      'export declare function startAuthmock',
    );
  });

  it('npx authmock serve prints its banner and answers a login; npx authmock check passes against it', async () => {
    const server = await serve(['npx', 'authmock', 'serve', '--port', '0', '--state', 'memory'], project);
    try {
      expect((await login(server.url)).status).toBe(200);
      const check = await npx(['authmock', 'check', '--target', server.url, '--quiet']);
      expect(check.stdout).toMatch(/PASS {2}\d+ cases passed, 0 failed/);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it("runs the README's commands as written: a spec's three answers, a token from the control API, the stored round trip", async () => {
    for (const f of ['petstore.openapi.yaml', 'petstore.authmock.yaml']) cpSync(join(ROOT, 'test', 'byo', 'petstore', f), join(project, f));
    for (const f of ['todo.openapi.yaml', 'todo.authmock.yaml']) cpSync(join(ROOT, 'test', 'resources', 'specs', f), join(project, f));
    const own = readmeBlocks('Serve your own spec');
    const stored = readmeBlocks('Stored resources');
    // the README's servers listen on the default port; the test's on a free one (`npm start` may hold the default)
    const words = (command: string) => command.split('#')[0]!.trim().split(/\s+/);
    const at = (url: string) => (line: string) => line.replace(/http:\/\/127\.0\.0\.1:\d+/g, url);
    const expectSteps = async (steps: Step[], url: string) => {
      const moved = steps.map((s) => ({ command: at(url)(s.command), expected: s.expected.map(at(url)) }));
      const outputs = await runSteps(moved, project, childEnv());
      moved.forEach((s, i) => expect(missingLines(outputs[i] ?? '', s.expected), `${s.command}\n${outputs[i]}`).toEqual([]));
    };

    const [serveSpec] = stepsOf(own[0]!);
    expect(words(serveSpec!.command)).toEqual(['npx', 'authmock', 'serve', 'petstore.openapi.yaml']);
    // a reader's terminal gets the pretty banner; a pipe gets JSON unless asked
    const petstore = await serve([...words(serveSpec!.command), '--port', '0', '--log-format', 'pretty'], project);
    try {
      const banner = own[1]!.lines.map((l) => at(petstore.url)(l).replace('/home/me/shop', project));
      expect(missingLines(petstore.output(), banner), petstore.output()).toEqual([]);
      await expectSteps(stepsOf(own[2]!), petstore.url);
    } finally {
      await petstore.stop();
    }

    // "with the package installed, `npx authmock serve todo.openapi.yaml` does the same" as the clone's npm start
    const [start, ...roundTrip] = stepsOf(stored[0]!);
    expect(start!.command).toMatch(/^npm start -- test\/resources\/specs\/todo\.openapi\.yaml --state memory/);
    const todo = await serve(
      ['npx', 'authmock', 'serve', 'todo.openapi.yaml', '--state', 'memory', '--port', '0', '--log-format', 'pretty'],
      project,
    );
    try {
      const tokenBlock = own.find((b) => b.lines.some((l) => l.includes('/__authmock/tokens')))!;
      await expectSteps(stepsOf(tokenBlock), todo.url);
      await expectSteps(roundTrip, todo.url);
    } finally {
      await todo.stop();
    }
  }, 240_000);

  it('keeps its state in the project, across a reinstall of the package, and never writes into node_modules/authmock', async () => {
    const installed = join(project, 'node_modules', 'authmock');
    const shipped = listFiles(installed);
    const shippedSizes = listFiles(installed, false);
    // no --state: the state goes to .authmock/ in the directory it runs in (here a fresh project)
    const own = join(project, '.authmock');
    const first = await serve(['npx', 'authmock', 'serve', '--port', '0'], project);
    let token: string;
    try {
      expect(first.output()).toContain(`"state":${JSON.stringify(join(own, 'state'))}`);
      token = (await (await login(first.url)).json()) as string;
      expect((await me(first.url, token)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(existsSync(join(own, 'state'))).toBe(true);
    expect(readdirSync(join(own, 'cache')).length).toBeGreaterThan(0);
    expect(listFiles(installed)).toEqual(shipped);

    // a reinstall replaces node_modules/authmock; the token lives on in the project
    rmSync(installed, { recursive: true, force: true });
    await run('npm', ['install', `./${tarball}`, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, timeout: 300_000 });
    expect(listFiles(installed, false)).toEqual(shippedSizes);
    const reinstalled = listFiles(installed);
    const second = await serve(['npx', 'authmock', 'serve', '--port', '0'], project);
    try {
      expect((await me(second.url, token)).status).toBe(200);
    } finally {
      await second.stop();
    }
    expect(listFiles(installed)).toEqual(reinstalled);
  }, 600_000);

  it('starts from a read-only node_modules/authmock (as a CI cache restores it)', async () => {
    const installed = join(project, 'node_modules', 'authmock');
    const shipped = listFiles(installed);
    // As root, permissions bind nobody: the server then runs as nobody (uid 65534) in a directory of its own.
    const asRoot = process.getuid?.() === 0;
    const cwd = join(project, 'read-only-run');
    mkdirSync(cwd);
    if (asRoot) {
      chmodSync(project, 0o755);
      chownSync(cwd, 65534, 65534);
    }
    execFileSync('chmod', ['-R', 'a-w', installed]);
    try {
      const bin = join(project, 'node_modules', '.bin', 'authmock');
      const server = await serve([bin, 'serve', '--port', '0'], cwd, asRoot ? { uid: 65534, gid: 65534 } : {});
      try {
        expect((await login(server.url)).status).toBe(200);
      } finally {
        await server.stop();
      }
      const own = join(cwd, '.authmock');
      expect(existsSync(join(own, 'state'))).toBe(true);
    } finally {
      execFileSync('chmod', ['-R', 'u+w', installed]);
    }
    expect(listFiles(installed)).toEqual(shipped);
  }, 240_000);

  it('runs a vitest suite whose globalSetup calls startAuthmock, two files in namespaces of their own', async () => {
    const { stdout } = await npx(['vitest', 'run']);
    expect(stdout).toMatch(/Test Files\s+2 passed/);
    expect(stdout).toMatch(/Tests\s+2 passed/);
  }, 240_000);

  it.skipIf(!existsSync(CHROMIUM) && !process.env.CI)(
    'runs a Playwright config that starts authmock and logs in through a namespace (skipped without /usr/bin/chromium outside CI)',
    async () => {
      const { stdout } = await npx(['playwright', 'test']);
      expect(stdout).toMatch(/2 passed/);
    },
    240_000,
  );
});
