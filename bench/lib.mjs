// Helpers shared by scripts/bench.mjs and bench/profile.mjs: child processes that are
// always killed, readiness probes, /proc memory figures, free loopback ports.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const HOST = '127.0.0.1';

const children = new Set();
const tempDirs = new Set();

/** A fresh temporary directory, removed by cleanup(). */
export function tempDir(prefix = 'authmock-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** A port the kernel says is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <args>` directly (no npm/npx wrapper), stdout to /dev/null (or to `stdout`:
 * a file descriptor, which the child gets and this process closes), stderr kept (last 8 KB)
 * for error messages. The child is registered for cleanup.
 */
export function spawnNode(args, { cwd, nodeArgs = [], stdout = 'ignore', direct = false } = {}) {
  // direct: run args[0] itself, as a user runs the bin, so its shebang's node flags apply.
  const [file, rest] = direct ? [args[0], args.slice(1)] : [process.execPath, [...nodeArgs, ...args]];
  const child = spawn(file, rest, { cwd, stdio: ['ignore', stdout, 'pipe'] });
  if (typeof stdout === 'number') closeSync(stdout);
  child.stderrTail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s) => {
    child.stderrTail = (child.stderrTail + s).slice(-8192);
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stop(child, graceMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Kills every child still alive (synchronous: safe in 'exit' handlers) and removes temp dirs. */
export function cleanupSync() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Graceful version: SIGTERM everything, wait, then remove temp dirs. */
export async function cleanup() {
  await Promise.all([...children].map((c) => stop(c)));
  cleanupSync();
}

/** Kill children on normal exit, Ctrl-C, SIGTERM and crashes. */
export function installCleanupHandlers() {
  process.once('exit', cleanupSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, () => {
      process.stderr.write(`\n${sig}: stopping every server started by the benchmark\n`);
      cleanupSync();
      process.exit(130);
    });
  }
}

/** One GET without keep-alive; resolves with the status, 0 on a connection error. */
export function probe(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(timeoutMs, () => req.destroy());
  });
}

/** Polls `url` every `everyMs` until it answers 200; returns ms since `since`. */
export async function waitFor200(url, child, { since = performance.now(), everyMs = 5, timeoutMs = 30_000 } = {}) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${child.stderrTail}`);
    }
    if ((await probe(url)) === 200) return performance.now() - since;
    if (performance.now() - since > timeoutMs) throw new Error(`${url}: no 200 within ${timeoutMs} ms\n${child.stderrTail}`);
    await sleep(everyMs);
  }
}

/** VmRSS and VmHWM of a process, in MB (from /proc/<pid>/status). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, 100 ticks a second; NaN elsewhere). */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system, ms) of a process's main thread alone: /proc/<pid>/task/<pid>/stat. */
export function mainCpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export { sleep };
