import { readFileSync, writeFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import type { paths } from './generated/todo.js';
import { generateTodoTypes, TODO_SPEC, TODO_TYPES } from './support/todo-types.js';

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** `authmock serve` on the to-do spec, and a client of its `paths` for each user, signed in through the spec's own login. */
async function servedTodos() {
  const s = await startServer([TODO_SPEC]);
  running.push(s);
  const baseUrl = `${s.baseUrl}/api`;
  const signIn = async (username: string) => {
    const { data, response } = await createClient<paths>({ baseUrl }).POST('/login', {
      body: { username, password: `${username}-pass` },
    });
    expect(response.status).toBe(200);
    return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${data!.token}` } });
  };
  return { alice: await signIn('alice'), bob: await signIn('bob') };
}

describe('a client generated from the to-do spec (openapi-typescript + openapi-fetch)', () => {
  it('is built from types that match the spec as it is now', async () => {
    const fresh = await generateTodoTypes();
    if (process.env.AUTHMOCK_WRITE_TYPES) writeFileSync(TODO_TYPES, fresh);
    expect(readFileSync(TODO_TYPES, 'utf8'), 'test/resources/generated/todo.ts is stale').toBe(fresh);
  });

  // openapi-typescript types a property with a default (Todo's done) as always there: the body must send it, and every answer carries it
  it('creates, reads, lists, updates and deletes a to-do as Alice', async () => {
    const { alice } = await servedTodos();
    const made = await alice.POST('/todos', { body: { title: 'Buy milk', done: false } });
    expect(made.response.status).toBe(201);
    const id = made.data!.id!;
    expect(made.data).toEqual({ id, title: 'Buy milk', done: false, createdAt: expect.any(String) });
    expect(made.response.headers.get('location')).toBe(`/api/todos/${id}`);

    const read = await alice.GET('/todos/{todoId}', { params: { path: { todoId: id } } });
    expect(read.data).toEqual(made.data);
    const all = await alice.GET('/todos');
    expect(all.data).toEqual({ items: [made.data], total: 1 });

    const replaced = await alice.PUT('/todos/{todoId}', { params: { path: { todoId: id } }, body: { title: 'Buy oat milk', done: false } });
    expect(replaced.data).toEqual({ ...made.data, title: 'Buy oat milk', done: false });
    const patched = await alice.PATCH('/todos/{todoId}', {
      params: { path: { todoId: id } },
      body: { done: true },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect(patched.data).toEqual({ ...made.data, title: 'Buy oat milk', done: true });
    const done = await alice.GET('/todos', { params: { query: { done: true } } });
    expect(done.data).toEqual({ items: [patched.data], total: 1 });

    const deleted = await alice.DELETE('/todos/{todoId}', { params: { path: { todoId: id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await alice.GET('/todos/{todoId}', { params: { path: { todoId: id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ detail: `no todos with id ${id}` });
    expect((await alice.GET('/todos')).data).toEqual({ items: [], total: 0 });
  });

  it("gives Bob 404 for Alice's to-do and leaves it out of his list", async () => {
    const { alice, bob } = await servedTodos();
    const made = await alice.POST('/todos', { body: { title: "Alice's", done: false } });
    const id = made.data!.id!;
    const read = await bob.GET('/todos/{todoId}', { params: { path: { todoId: id } } });
    expect(read.response.status).toBe(404);
    expect(read.data).toBeUndefined();
    const bobs = await bob.GET('/todos');
    expect(bobs.data).toEqual({ items: [], total: 0 });
    const replaced = await bob.PUT('/todos/{todoId}', { params: { path: { todoId: id } }, body: { title: 'mine now', done: true } });
    expect(replaced.response.status).toBe(404);
    // still Alice's, unchanged
    expect((await alice.GET('/todos/{todoId}', { params: { path: { todoId: id } } })).data).toEqual(made.data);
  });
});
