import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's redis-server (.ci/run installs it); without it the Redis tests are skipped off CI and fail in CI. */
export const REDIS_SERVER = '/usr/bin/redis-server';
export const HAS_REDIS = spawnSync(REDIS_SERVER, ['--version']).status === 0;
export const SKIP_REDIS = !HAS_REDIS && !process.env.CI;

export interface RedisServer {
  port: number;
  url: string;
  dir: string;
  /** stops it (SIGTERM: a clean shutdown; SIGKILL: as a crash) */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** starts it again on the same port and directory */
  restart(): Promise<void>;
  /** stops it and deletes its directory */
  dispose(): Promise<void>;
  /** SIGSTOP: it holds connections but answers nothing (a hung server) */
  pause(): void;
  /** SIGCONT */
  resume(): void;
}

export interface RedisServerOptions {
  /** appendonly yes + appendfsync always: every acknowledged write is on disk */
  fsyncAlways?: boolean;
  /** requirepass */
  password?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away redis-server on a free loopback port with its own directory: no
 * RDB snapshots, and either no AOF (the default test server) or AOF with fsync on every
 * write. Each test file starts its own and disposes of it.
 */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  if (!HAS_REDIS) throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server (.ci/run does it)`);
  const dir = mkdtempSync(join(tmpdir(), 'authmock-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--daemonize',
    'no',
    '--loglevel',
    'notice',
    ...(options.fsyncAlways ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
    ...(options.password ? ['--requirepass', options.password] : []),
  ];
  let child: ChildProcess | undefined;
  const launch = async () => {
    const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
      const onData = (d: Buffer) => {
        out += d;
        if (/Ready to accept connections/i.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${out}`));
      });
    });
  };
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    dir,
    stop,
    restart: launch,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    dispose: async () => {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
