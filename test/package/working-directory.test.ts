import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';

const BIN = join(ROOT, 'bin', 'authmock.js');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-cwd-'));
  dirs.push(dir);
  return dir;
}

/** `authmock serve` run in `cwd` with pretty lines, stopped after its first answer; resolves with what it printed. */
async function serveOnce(cwd: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--log-format', 'pretty', ...args], {
    cwd,
    env: { ...process.env, AUTHMOCK_STATE: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*social users/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then(() => reject(new Error(`exited:\n${out}`)));
  });
  // the bin saves its code cache right after listening, before it handles a request: once one is answered, it is there
  await (await fetch(`${url}/rest/V1/directory/countries`)).arrayBuffer();
  child.kill('SIGTERM');
  await exited;
  return out;
}

describe('what authmock writes goes to .authmock/ in the working directory', () => {
  it('serve without --state: the state and the cache under ./.authmock, and the banner names the full path', async () => {
    const cwd = workDir();
    const out = await serveOnce(cwd);
    const own = join(cwd, '.authmock');
    expect(out).toContain(`state     ${join(own, 'state')} (SQLite)`);
    expect(readdirSync(join(own, 'state')).some((f) => f.endsWith('.sqlite') || f.endsWith('.db'))).toBe(true);
    expect(readdirSync(join(own, 'cache')).length).toBeGreaterThan(0);
    // the bin's V8 code cache too: the package's own directory is never written
    expect(readdirSync(join(own, 'cache', 'code')).some((f) => f.endsWith('.v8'))).toBe(true);
  });

  it('AUTHMOCK_STATE puts the state elsewhere, and --state wins over it', async () => {
    const cwd = workDir();
    const byEnv = join(workDir(), 'by-env');
    expect(await serveOnce(cwd, [], { AUTHMOCK_STATE: byEnv })).toContain(`state     ${byEnv} (SQLite)`);
    expect(existsSync(byEnv)).toBe(true);
    expect(await serveOnce(cwd, ['--state', 'memory'], { AUTHMOCK_STATE: byEnv })).toContain('state     in memory');
    const own = join(cwd, '.authmock');
    expect(existsSync(join(own, 'state'))).toBe(false);
  });

  it('a command that keeps nothing leaves the working directory as it was', () => {
    const cwd = workDir();
    for (const args of [['--version'], ['serve', '--help'], ['lint', '--help']]) {
      const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, args.join(' ')).toBe(0);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
