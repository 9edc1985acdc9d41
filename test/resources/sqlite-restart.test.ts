import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { signIn } from './support/todo-client.js';

const TODO = join(import.meta.dirname, 'specs', 'todo.openapi.yaml');
const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `authmock serve` on the to-do spec with its state in a SQLite file of a fresh directory; `again()` serves that state anew. */
async function servedOnSqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-records-'));
  dirs.push(dir);
  const serve = async () => {
    const s = await startServer([TODO, '--state', join(dir, 'state')]);
    running.push(s);
    return s;
  };
  return { first: await serve(), again: serve };
}

/** Needs `npm run build` first (it spawns bin/authmock.js). */
describe("a spec's stored objects in the SQLite state, across a restart", () => {
  it('keeps objects, nested ones and their owners after a SIGTERM, and numbers ids on above the largest', async () => {
    const { first, again } = await servedOnSqlite();
    const alice = await signIn(first.baseUrl, 'alice');
    const bob = await signIn(first.baseUrl, 'bob');
    for (const title of ['one', 'two', 'three']) expect((await alice.call('POST', '/api/todos', { title })).status).toBe(201);
    expect((await alice.call('DELETE', '/api/todos/3')).status).toBe(204);
    expect((await alice.call('PUT', '/api/todos/2', { title: 'two, changed', done: true })).status).toBe(200);
    const bobs = await bob.call('POST', '/api/todos', { title: "Bob's" });
    expect(bobs.body.id).toBe(4);
    const task = await alice.call('POST', '/api/projects/work/tasks', { name: 'Paint' });
    expect(task.status).toBe(201);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await again();
    const alice2 = await signIn(second.baseUrl, 'alice');
    const bob2 = await signIn(second.baseUrl, 'bob');
    const listed = await alice2.call('GET', '/api/todos');
    expect(listed.body.items.map((o: { id: number; title: string }) => [o.id, o.title])).toEqual([
      [1, 'one'],
      [2, 'two, changed'],
    ]);
    expect((await alice2.call('GET', '/api/todos/2')).body).toMatchObject({ id: 2, done: true });
    expect((await alice2.call('GET', `/api/projects/work/tasks/${task.body.id}`)).body).toEqual(task.body);
    // owners kept: Bob still gets 404 for Alice's and sees his own only
    expect((await bob2.call('GET', '/api/todos/1')).status).toBe(404);
    expect((await bob2.call('GET', `/api/projects/work/tasks/${task.body.id}`)).status).toBe(404);
    expect((await bob2.call('GET', '/api/todos')).body).toEqual({ items: [bobs.body], total: 1 });
    // the counter goes on above the largest id the collection held (4), not from 1 and not into the deleted 3
    const next = await alice2.call('POST', '/api/todos', { title: 'after the restart' });
    expect(next.status).toBe(201);
    expect(next.body.id).toBe(5);
  });

  it('keeps an object whose POST was answered when the server is killed (SIGKILL) right after', async () => {
    const { first, again } = await servedOnSqlite();
    const alice = await signIn(first.baseUrl, 'alice');
    const made = await alice.call('POST', '/api/todos', { title: 'answered, then killed' });
    expect(made.status).toBe(201);
    const task = await alice.call('POST', '/api/projects/home/tasks', { name: 'Feed the cat' });
    expect(task.status).toBe(201);
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await again();
    const alice2 = await signIn(second.baseUrl, 'alice');
    expect(await alice2.call('GET', `/api/todos/${made.body.id}`)).toEqual({ status: 200, body: made.body });
    expect((await alice2.call('GET', `/api/projects/home/tasks/${task.body.id}`)).body).toEqual(task.body);
    expect((await alice2.call('POST', '/api/todos', { title: 'next' })).body.id).toBe(made.body.id + 1);
  });
});
