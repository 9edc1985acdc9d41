import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../redis/support/redis-server.js';
import { signIn } from './support/todo-client.js';

const TODO = join(import.meta.dirname, 'specs', 'todo.openapi.yaml');

/**
 * Two `authmock serve` processes on one real redis-server, each on its own port: a spec's
 * stored objects are Redis's, so either instance answers for them at once. Needs
 * `npm run build` first. Skipped off CI when /usr/bin/redis-server is missing (SKIP_REDIS).
 */
describe.skipIf(SKIP_REDIS)("a spec's stored objects shared by two servers on one Redis", () => {
  let redis: RedisServer;
  let running: ServerProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.dispose();
  });
  beforeEach(async () => {
    // a fresh state per test: the file's one redis-server, emptied
    const admin = new Redis(redis.url);
    await admin.flushdb();
    admin.disconnect();
  });
  afterEach(async () => {
    await Promise.all(running.map((s) => s.stop()));
    running = [];
  });
  const twoInstances = async () => {
    const [a, b] = await Promise.all(['a', 'b'].map((name) => startServer([TODO, '--state', redis.url, '--instance-name', name])));
    running.push(a!, b!);
    expect(a!.baseUrl).not.toBe(b!.baseUrl);
    return { a: a!, b: b! };
  };

  it('reads and lists through B what A created, and A answers 404 for what B deleted', async () => {
    const { a, b } = await twoInstances();
    const aliceOnA = await signIn(a.baseUrl, 'alice');
    const aliceOnB = await signIn(b.baseUrl, 'alice');
    const bobOnB = await signIn(b.baseUrl, 'bob');
    const made = await aliceOnA.call('POST', '/api/todos', { title: 'made on A' });
    expect(made.status).toBe(201);
    const task = await aliceOnA.call('POST', '/api/projects/work/tasks', { name: 'Paint' });
    expect(task.status).toBe(201);

    expect(await aliceOnB.call('GET', `/api/todos/${made.body.id}`)).toEqual({ status: 200, body: made.body });
    expect((await aliceOnB.call('GET', '/api/todos')).body).toEqual({ items: [made.body], total: 1 });
    expect((await aliceOnB.call('GET', '/api/projects/work/tasks')).body).toEqual([task.body]);
    // the owner is Redis's too
    expect((await bobOnB.call('GET', `/api/todos/${made.body.id}`)).status).toBe(404);
    expect((await bobOnB.call('GET', '/api/todos')).body).toEqual({ items: [], total: 0 });
    // one counter for both: B numbers on from A's id
    const second = await aliceOnB.call('POST', '/api/todos', { title: 'made on B' });
    expect(second.body.id).toBe(made.body.id + 1);

    expect((await aliceOnB.call('DELETE', `/api/todos/${made.body.id}`)).status).toBe(204);
    expect((await aliceOnA.call('GET', `/api/todos/${made.body.id}`)).status).toBe(404);
    expect((await aliceOnA.call('GET', '/api/todos')).body).toEqual({ items: [second.body], total: 1 });
    expect((await aliceOnA.call('PUT', `/api/todos/${second.body.id}`, { title: 'changed on A' })).status).toBe(200);
    expect((await aliceOnB.call('GET', `/api/todos/${second.body.id}`)).body.title).toBe('changed on A');
  });

  it('loses no object whose POST A answered when A is killed (SIGKILL) right after: B reads it', async () => {
    const { a, b } = await twoInstances();
    const aliceOnA = await signIn(a.baseUrl, 'alice');
    const aliceOnB = await signIn(b.baseUrl, 'alice');
    const made = await aliceOnA.call('POST', '/api/todos', { title: 'answered, then A died' });
    expect(made.status).toBe(201);
    await a.stop('SIGKILL');
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(await aliceOnB.call('GET', `/api/todos/${made.body.id}`)).toEqual({ status: 200, body: made.body });
    expect((await aliceOnB.call('GET', '/api/todos')).body.items).toEqual([made.body]);
  });
});
