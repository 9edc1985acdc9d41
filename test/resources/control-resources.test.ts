import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTROL_CLIENT } from '../support/wire.js';
import { makeApp, type TestApp } from '../support/make-app.js';

const TODO = join(import.meta.dirname, 'specs', 'todo.openapi.yaml');

async function login(t: TestApp, username: string, ns = ''): Promise<string> {
  const res = await t.http.post(`${ns}/api/login`).send({ username, password: `${username}-pass` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `Bearer ${res.body.token}`;
}

describe('the control API for stored resources', () => {
  it("lists a spec's collections with their counts", async () => {
    const t = makeApp({ specs: [TODO] });
    const res = await t.http.get('/__authmock/resources/todo').expect(200);
    expect(res.body).toEqual([
      {
        name: 'todos',
        path: '/todos',
        idProperty: 'id',
        parentParams: [],
        visibility: 'private',
        adminScopes: ['admin'],
        operations: {
          create: 'createTodo',
          read: 'getTodo',
          replace: 'replaceTodo',
          patch: 'updateTodo',
          delete: 'deleteTodo',
          list: 'listTodos',
        },
        count: 0,
      },
      {
        name: 'tasks',
        path: '/projects/{projectId}/tasks',
        idProperty: 'id',
        parentParams: ['projectId'],
        visibility: 'private',
        adminScopes: [],
        operations: { create: 'createTask', read: 'getTask', delete: 'deleteTask', list: 'listTasks' },
        count: 1,
      },
    ]);
    await t.http.get('/__authmock/resources/nothing').expect(404);
  });

  it('adds an object with an owner, which the API then serves as that owner’s', async () => {
    const t = makeApp({ specs: [TODO] });
    const added = await t.http
      .post('/__authmock/resources/todo/todos')
      .send({ owner: 'alice', object: { title: 'Set up by the test' } })
      .expect(201);
    expect(added.body).toEqual({ id: '1', owner: 'alice', parent: '', object: { id: 1, title: 'Set up by the test' } });
    await t.http
      .get('/api/todos/1')
      .set('Authorization', await login(t, 'alice'))
      .expect(200, { id: 1, title: 'Set up by the test' });
    await t.http
      .get('/api/todos/1')
      .set('Authorization', await login(t, 'bob'))
      .expect(404);
    await t.http
      .post('/__authmock/resources/todo/todos')
      .send({ object: { id: 1, title: 'again' } })
      .expect(409);
    await t.http.post('/__authmock/resources/todo/nothing').send({ object: {} }).expect(404);
  });

  it('lists objects with their owners under every parent, and removes one or all', async () => {
    const t = makeApp({ specs: [TODO] });
    const alice = await login(t, 'alice');
    await t.http.post('/api/projects/work/tasks').set('Authorization', alice).send({ name: 'Paint' }).expect(201);
    const listed = await t.http.get('/__authmock/resources/todo/tasks').expect(200);
    expect(listed.body.map((o: { parent: string; owner?: string }) => [o.parent, o.owner])).toEqual([
      ['home', undefined],
      ['work', 'alice'],
    ]);
    const work = await t.http.get('/__authmock/resources/todo/tasks?parent=work').expect(200);
    expect(work.body).toHaveLength(1);
    await t.http.delete(`/__authmock/resources/todo/tasks/${work.body[0].id}?parent=work`).set(CONTROL_CLIENT).expect(204);
    await t.http.delete(`/__authmock/resources/todo/tasks/${work.body[0].id}?parent=work`).set(CONTROL_CLIENT).expect(404);
    await t.http.delete('/__authmock/resources/todo/tasks').set(CONTROL_CLIENT).expect(204);
    await t.http.get('/__authmock/resources/todo/tasks').expect(200, []);
    expect((await t.http.get('/__authmock/resources/todo').expect(200)).body[1].count).toBe(0);
  });

  it('works per namespace', async () => {
    const t = makeApp({ specs: [TODO] });
    await t.http
      .post('/__ns/a/__authmock/resources/todo/todos')
      .send({ owner: 'alice', object: { title: 'in a' } })
      .expect(201);
    expect((await t.http.get('/__ns/a/__authmock/resources/todo/todos').expect(200)).body).toHaveLength(1);
    expect((await t.http.get('/__ns/b/__authmock/resources/todo/todos').expect(200)).body).toHaveLength(0);
    await t.http
      .get('/__ns/a/api/todos/1')
      .set('Authorization', await login(t, 'alice', '/__ns/a'))
      .expect(200);
  });
});
