import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './make-app.js';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the real `authmock serve` bin on a free loopback port and waits for its banner.
 * State is in memory unless args name one (the last --state wins): never the default
 * state directory, which a developer's `npm start` holds. Lines are pretty (the banner as
 * people read it) unless args say `--log-format json`.
 */
export async function startServer(args: string[] = [], env: NodeJS.ProcessEnv = {}, cwd = ROOT): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'authmock.js'),
      'serve',
      '--port',
      '0',
      '--log-level',
      'warn',
      '--log-format',
      'pretty',
      '--state',
      'memory',
      ...args,
    ],
    {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 15_000);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  return { child, baseUrl, output: () => out, stop };
}
