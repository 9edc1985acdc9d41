import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';
import { startServer } from '../support/server-process.js';

/** `authmock serve` through the real bin: its exit code and what it printed. */
function serve(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'authmock.js'), 'serve', '--state', 'memory', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => child.once('exit', (code) => (clearTimeout(timer), resolve({ code, out }))));
}

describe('authmock serve start-up errors', () => {
  it('names a port in use and what to do, exit 2, no raw EADDRINUSE', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { code, out } = await serve(['--port', String(port)]);
      expect(code).toBe(2);
      expect(out).toContain(`authmock: port ${port} on 127.0.0.1 is already in use`);
      expect(out).toContain('--port 0 picks a free one');
      expect(out).not.toMatch(/EADDRINUSE|\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('a second server on the same port and state names the busy port, not the state lock', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-busy-'));
    const first = await startServer(['--state', state]);
    try {
      const port = new URL(first.baseUrl).port;
      const { code, out } = await serve(['--port', port, '--state', state]);
      expect(code).toBe(2);
      expect(out).toContain(`authmock: port ${port} on 127.0.0.1 is already in use`);
      expect(out).not.toContain('in use by another authmock process');
    } finally {
      await first.stop();
      rmSync(state, { recursive: true, force: true });
    }
  });

  it('names a missing spec file, a state directory it cannot make and an unknown option, each exit 2, no raw error', async () => {
    const missing = await serve(['--port', '0', '/nonexistent/shop.openapi.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('authmock: /nonexistent/shop.openapi.yaml: no such spec file');
    // /proc (Linux) refuses mkdir with ENOENT under a parent that exists: Node's recursive mkdir would spin for ever there
    const state = await serve(['--port', '0', '--state', '/proc/authmock-state']);
    expect(state.code).toBe(2);
    expect(state.out).toContain('authmock: cannot make the state directory /proc/authmock-state');
    const unknown = await serve(['--port', '0', '--no-such-flag']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("unknown option '--no-such-flag'");
    for (const r of [missing, state, unknown]) expect(r.out).not.toMatch(/ENOENT, |\n\s+at /);
  });

  it('names a missing --builtin-specs directory, exit 2, no raw ENOENT', async () => {
    const { code, out } = await serve(['--port', '0', '--builtin-specs', '/nonexistent/specs']);
    expect(code).toBe(2);
    expect(out).toContain(
      'authmock: --builtin-specs /nonexistent/specs: no such directory; give the directory that holds commerce.openapi.yaml and social.openapi.yaml',
    );
    expect(out).not.toMatch(/ENOENT|\n\s+at /);
  });
});
