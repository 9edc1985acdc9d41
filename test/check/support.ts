import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'bin', 'authmock.js');
const PRISM = realpathSync(join(ROOT, 'node_modules', '.bin', 'prism'));

export interface Started {
  url: string;
  proc: ChildProcess;
  output(): string;
}

const running: ChildProcess[] = [];

/** Ends every process a test file started (call from afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map(stop));
}

function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
  });
}

/** Starts a process and resolves once its output matches `ready` (its match gives the URL). */
function startProcess(command: string, args: string[], ready: RegExp, timeoutMs = 30_000): Promise<Started> {
  const proc = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(proc);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], proc, output: () => out });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}

/** A fresh authmock with in-memory state on a port the system picks, serving the built-in APIs or the specs given. */
export function startAuthmock(specs: string[] = []): Promise<Started> {
  return startProcess(
    process.execPath,
    [CLI, 'serve', ...specs, '--port', '0', '--state', 'memory', '--log-level', 'silent'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

/** `prism mock <spec>` or `prism proxy <spec> <upstream> ...` on a free port. */
export async function startPrism(args: string[]): Promise<Started> {
  const port = await freePort();
  return startProcess(
    process.execPath,
    [PRISM, ...args, '-h', '127.0.0.1', '-p', String(port)],
    /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CheckRun {
  code: number | null;
  stdout: string;
  stderr: string;
  report: Report;
  junit: string;
}

/** The JSON report's shape as far as the tests read it. */
export interface Report {
  passed: boolean;
  totals: {
    cases: { total: number; passed: number; failed: number; skipped: number };
    checks: { total: number; passed: number; failed: number };
  };
  operations: { api: string; operationId: string; passed: number; total: number; score: number | null }[];
  skipped: { reason: string; cases: string[] }[];
  cases: {
    id: string;
    operationId: string;
    title: string;
    status: string;
    skipReason?: string;
    checks: { name: string; operationId: string; step: string; passed: boolean; message?: string }[];
  }[];
}

/** Runs `authmock check` as a user would, with JSON and JUnit reports in a temporary directory. */
export function runCheck(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CheckRun> {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-check-'));
  const json = join(dir, 'report.json');
  const junit = join(dir, 'junit.xml');
  const proc = spawn(process.execPath, [CLI, 'check', ...args, '--json', json, '--junit', junit], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(proc);
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    proc.once('exit', (code) => {
      const read = (f: string) => {
        try {
          return readFileSync(f, 'utf8');
        } catch {
          return '';
        }
      };
      const text = read(json);
      resolve({ code, stdout, stderr, report: text ? JSON.parse(text) : undefined, junit: read(junit) });
    });
  });
}

/** Every failed check of a run, as `case id: check name` plus its message. */
export function failures(report: Report): { caseId: string; name: string; operationId: string; step: string; message: string }[] {
  return report.cases.flatMap((c) =>
    c.checks
      .filter((k) => !k.passed)
      .map((k) => ({ caseId: c.id, name: k.name, operationId: k.operationId, step: k.step, message: k.message ?? '' })),
  );
}
