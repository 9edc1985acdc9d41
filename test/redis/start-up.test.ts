import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';
import { startServer } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import { customerToken } from './support/http.js';

/** Runs `authmock <args>` to its end: exit code and everything it printed. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'authmock.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe.skipIf(SKIP_REDIS)('starting on a Redis state', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.dispose();
  });

  it('stops with exit code 2 and names the URL, without its password, when Redis cannot be reached', async () => {
    const closed = `redis://:sEcReT-pw@127.0.0.1:${redis.port + 1}/0`;
    const { code, out } = await run(['serve', '--port', '0', '--state', closed]);
    expect(code).toBe(2);
    expect(out).toContain(`cannot use Redis at redis://:***@127.0.0.1:${redis.port + 1}/0`);
    expect(out).not.toContain('sEcReT-pw');
    expect(out).not.toMatch(/\n\s+at /); // a message, not a stack
  });

  it('stops with exit code 2 when --state redis is given without AUTHMOCK_REDIS_URL', async () => {
    const { code, out } = await run(['serve', '--port', '0', '--state', 'redis'], { AUTHMOCK_REDIS_URL: '' });
    expect(code).toBe(2);
    expect(out).toContain('AUTHMOCK_REDIS_URL');
  });

  it('resets a Redis state with authmock reset, printing the URL without its password', async () => {
    const server = await startServer(['--state', redis.url]);
    const token = await customerToken(server.baseUrl);
    await server.stop();
    const { code, out } = await run(['reset', '--state', redis.url.replace('redis://', 'redis://:ignored@')]);
    expect(code).toBe(0);
    expect(out).toContain('state reset: redis://:***@127.0.0.1');
    const again = await startServer(['--state', redis.url]);
    try {
      const res = await fetch(`${again.baseUrl}/rest/V1/customers/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    } finally {
      await again.stop();
    }
  });
});

describe.skipIf(SKIP_REDIS)('starting on a Redis that requires a password', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis({ password: 'right-pw' });
  });
  afterAll(async () => {
    await redis?.dispose();
  });

  it('serves with the password in the URL', async () => {
    const server = await startServer(['--state', `redis://:right-pw@127.0.0.1:${redis.port}/0`]);
    try {
      expect(server.output()).toContain(`redis://:***@127.0.0.1:${redis.port}/0 (Redis, shared)`);
      expect(server.output()).not.toContain('right-pw');
      await customerToken(server.baseUrl);
    } finally {
      await server.stop();
    }
  });

  it('stops with exit code 2 on a wrong password, without printing it', async () => {
    const { code, out } = await run(['serve', '--port', '0', '--state', `redis://:wrong-pw@127.0.0.1:${redis.port}/0`]);
    expect(code).toBe(2);
    expect(out).toMatch(/cannot use Redis at redis:\/\/:\*\*\*@127\.0\.0\.1/);
    expect(out).not.toContain('wrong-pw');
  });
});
