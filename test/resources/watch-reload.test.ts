import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../redis/support/redis-server.js';
import { signIn } from './support/todo-client.js';

const SPECS = join(import.meta.dirname, 'specs');
const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
// the Redis case skips (SKIP_REDIS) when /usr/bin/redis-server is missing off CI
let redis: RedisServer | undefined;
beforeAll(async () => {
  if (!SKIP_REDIS) redis = await startRedis();
});
afterAll(async () => {
  await redis?.dispose();
});

type State = 'memory' | 'sqlite' | 'redis';

/** The to-do spec and its identity file copied to a folder the test edits, served with --watch (info lines: "reloaded ..."). */
async function watchedTodos(state: State) {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-watch-'));
  dirs.push(dir);
  for (const file of ['todo.openapi.yaml', 'todo.authmock.yaml']) cpSync(join(SPECS, file), join(dir, file));
  const spec = join(dir, 'todo.openapi.yaml');
  const where = { memory: 'memory', sqlite: join(dir, 'state'), redis: redis?.url ?? '' }[state];
  const s = await startServer([spec, '--watch', '--log-level', 'info', '--state', where]);
  running.push(s);
  /** edits the spec and waits until the server says it reloaded it */
  const edit = async (from: string, to: string) => {
    const text = readFileSync(spec, 'utf8');
    expect(text).toContain(from);
    const reloads = () => s.output().match(/(?<!not )reloaded \S*todo\.openapi\.yaml/g)?.length ?? 0;
    const before = reloads();
    writeFileSync(spec, text.replace(from, to));
    await expect.poll(reloads, { timeout: 5000, interval: 100 }).toBe(before + 1);
    expect(s.output()).not.toMatch(/not reloaded/);
  };
  return { s, edit };
}

/** Needs `npm run build` first (it spawns bin/authmock.js). */
describe('authmock serve --watch and stored objects', () => {
  for (const state of ['memory', 'sqlite', 'redis'] as const) {
    it.skipIf(state === 'redis' && SKIP_REDIS)(`keeps the objects of collections the edited spec still has (${state} state)`, async () => {
      const { s, edit } = await watchedTodos(state);
      const alice = await signIn(s.baseUrl, 'alice');
      const bob = await signIn(s.baseUrl, 'bob');
      const made = await alice.call('POST', '/api/todos', { title: 'Before the edit' });
      expect(made.status).toBe(201);
      const task = await alice.call('POST', '/api/projects/work/tasks', { name: 'Paint' });
      expect(task.status).toBe(201);
      const home = await alice.call('POST', '/api/projects/home/tasks', { name: 'Sweep' });
      expect(home.status).toBe(201);

      // a new property on Todo: the collection is still there, its schema changed
      await edit(
        '        secretNote: { type: string, writeOnly: true }\n',
        '        secretNote: { type: string, writeOnly: true }\n        priority: { type: integer }\n',
      );
      expect(await alice.call('GET', `/api/todos/${made.body.id}`)).toEqual({ status: 200, body: made.body });
      expect((await alice.call('GET', '/api/todos')).body).toEqual({ items: [made.body], total: 1 });
      expect((await alice.call('GET', `/api/projects/work/tasks/${task.body.id}`)).body).toEqual(task.body);
      expect((await bob.call('GET', `/api/todos/${made.body.id}`)).status).toBe(404); // still Alice's
      const next = await alice.call('POST', '/api/todos', { title: 'After the edit', priority: 2 });
      expect(next.body).toMatchObject({ id: made.body.id + 1, priority: 2 });

      // a changed example: the seed changes, is written over its own id, and run-time objects stay
      await edit('Water the plants', 'Water the garden');
      const homeTasks = await alice.call('GET', '/api/projects/home/tasks');
      expect(homeTasks.body).toEqual([{ id: '5b8f6a3e-0d1c-4a1e-9b59-0f2a7c3c9d10', name: 'Water the garden' }, home.body]);
      expect((await alice.call('GET', '/api/todos')).body.items).toEqual([made.body, next.body]);
      expect((await alice.call('GET', `/api/projects/work/tasks/${task.body.id}`)).body).toEqual(task.body);
      expect((await bob.call('GET', `/api/todos/${made.body.id}`)).status).toBe(404);
      expect((await alice.call('POST', '/api/todos', { title: 'After the second edit' })).body.id).toBe(next.body.id + 1);
    });
  }
});
