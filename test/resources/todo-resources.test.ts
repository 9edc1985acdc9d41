import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const TODO = join(import.meta.dirname, 'specs', 'todo.openapi.yaml');

async function login(t: TestApp, username: string): Promise<string> {
  const res = await t.http.post('/api/login').send({ username, password: `${username}-pass` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `Bearer ${res.body.token}`;
}

async function signedIn(overrides = {}) {
  const t = makeApp({ specs: [TODO], ...overrides });
  return { t, alice: await login(t, 'alice'), bob: await login(t, 'bob'), root: await login(t, 'root') };
}

describe('stored resources of a spec: a collection inferred from its paths', () => {
  it('creates an object that GET, the list, PUT, PATCH and DELETE then see', async () => {
    const { t, alice } = await signedIn();
    const made = await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'Buy milk', secretNote: 'shh' }).expect(201);
    expect(made.body).toEqual({ id: 1, title: 'Buy milk', done: false, createdAt: '2026-01-01T00:00:00.000Z' });
    expect(made.headers.location).toBe('/api/todos/1');
    await t.http.get('/api/todos/1').set('Authorization', alice).expect(200, made.body);
    const listed = await t.http.get('/api/todos').set('Authorization', alice).expect(200);
    expect(listed.body).toEqual({ items: [made.body], total: 1 });

    const replaced = await t.http.put('/api/todos/1').set('Authorization', alice).send({ title: 'Buy oat milk', done: false }).expect(200);
    expect(replaced.body).toEqual({ id: 1, title: 'Buy oat milk', done: false, createdAt: '2026-01-01T00:00:00.000Z' });
    const patched = await t.http
      .patch('/api/todos/1')
      .set('Authorization', alice)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ done: true }))
      .expect(200);
    expect(patched.body.done).toBe(true);
    expect(patched.body.title).toBe('Buy oat milk');
    const jsonPatched = await t.http
      .patch('/api/todos/1')
      .set('Authorization', alice)
      .set('Content-Type', 'application/json-patch+json')
      .send(JSON.stringify([{ op: 'replace', path: '/title', value: 'Tea' }]))
      .expect(200);
    expect(jsonPatched.body).toMatchObject({ id: 1, title: 'Tea', done: true });

    await t.http.delete('/api/todos/1').set('Authorization', alice).expect(204);
    const gone = await t.http.get('/api/todos/1').set('Authorization', alice).expect(404);
    expect(gone.body.detail).toBe('no todos with id 1');
    await t.http.delete('/api/todos/1').set('Authorization', alice).expect(404);
  });

  it("keeps each object its creator's: Bob gets 404 for Alice's to-do and does not see it in his list", async () => {
    const { t, alice, bob, root } = await signedIn();
    await t.http.post('/api/todos').set('Authorization', alice).send({ title: "Alice's" }).expect(201);
    await t.http.post('/api/todos').set('Authorization', bob).send({ title: "Bob's" }).expect(201);
    await t.http.get('/api/todos/1').set('Authorization', bob).expect(404);
    await t.http.put('/api/todos/1').set('Authorization', bob).send({ title: 'mine now' }).expect(404);
    await t.http.delete('/api/todos/1').set('Authorization', bob).expect(404);
    const bobs = await t.http.get('/api/todos').set('Authorization', bob).expect(200);
    expect(bobs.body.items.map((o: { title: string }) => o.title)).toEqual(["Bob's"]);
    expect(bobs.body.total).toBe(1);
    // an admin scope sees and changes every object
    const all = await t.http.get('/api/todos').set('Authorization', root).expect(200);
    expect(all.body.total).toBe(2);
    await t.http.get('/api/todos/1').set('Authorization', root).expect(200);
    // no credential: the spec's security still answers first
    await t.http.get('/api/todos/1').expect(401);
  });

  it('says why in the journal: not yours, whose it is and the visibility', async () => {
    const { t, alice, bob } = await signedIn();
    await t.http.post('/api/todos').set('Authorization', alice).send({ title: "Alice's" }).expect(201);
    await t.http.get('/api/todos/1').set('Authorization', bob).expect(404);
    const journal = await t.http.get('/__authmock/requests?status=404').expect(200);
    expect(journal.body.map((e: { reason?: string }) => e.reason)).toEqual(['not yours: todos 1 belongs to alice (private)']);
    const created = await t.http.get('/__authmock/requests?operationId=createTodo').expect(200);
    expect(created.body.map((e: { change?: string }) => e.change)).toEqual(['created todos 1']);
  });

  it("gives a property the body leaves out its schema's default, so a filter on it finds the object", async () => {
    const { t, alice } = await signedIn();
    const made = await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'no done sent' }).expect(201);
    expect(made.body.done).toBe(false); // Todo.done: { default: false }
    const open = await t.http.get('/api/todos?done=false').set('Authorization', alice).expect(200);
    expect(open.body).toEqual({ items: [made.body], total: 1 });
    await t.http
      .patch('/api/todos/1')
      .set('Authorization', alice)
      .set('Content-Type', 'application/merge-patch+json')
      .send('{"done":true}')
      .expect(200);
    const replaced = await t.http.put('/api/todos/1').set('Authorization', alice).send({ title: 'replaced, no done' }).expect(200);
    expect(replaced.body).toEqual({ ...made.body, title: 'replaced, no done', done: false });
  });

  it('answers 409 for an id that exists, and numbers ids one above the largest', async () => {
    const { t, alice } = await signedIn();
    await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'a' }).expect(201);
    const second = await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'b' }).expect(201);
    expect(second.body.id).toBe(2);
  });

  it('filters a list by a property and pages it with the declared limit and offset', async () => {
    const { t, alice } = await signedIn();
    for (const [title, done] of [
      ['a', true],
      ['b', false],
      ['c', true],
      ['d', true],
    ] as const)
      await t.http.post('/api/todos').set('Authorization', alice).send({ title, done }).expect(201);
    const done = await t.http.get('/api/todos?done=true').set('Authorization', alice).expect(200);
    expect(done.body.items.map((o: { title: string }) => o.title)).toEqual(['a', 'c', 'd']);
    const page = await t.http.get('/api/todos?done=true&limit=1&offset=1').set('Authorization', alice).expect(200);
    expect(page.body).toMatchObject({ items: [{ title: 'c' }], total: 3 });
  });

  it('keeps a nested collection per parent and makes UUID ids for a uuid id', async () => {
    const { t, alice } = await signedIn();
    const made = await t.http.post('/api/projects/work/tasks').set('Authorization', alice).send({ name: 'Paint' }).expect(201);
    expect(made.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await t.http.get(`/api/projects/work/tasks/${made.body.id}`).set('Authorization', alice).expect(200);
    await t.http.get(`/api/projects/home/tasks/${made.body.id}`).set('Authorization', alice).expect(404);
    const work = await t.http.get('/api/projects/work/tasks').set('Authorization', alice).expect(200);
    expect(work.body).toEqual([made.body]);
  });

  it("starts each collection with the spec's examples, owned by no one, and brings them back on reset", async () => {
    const { t, alice, bob } = await signedIn();
    const seeded = await t.http.get('/api/projects/home/tasks').set('Authorization', bob).expect(200);
    expect(seeded.body).toEqual([{ id: '5b8f6a3e-0d1c-4a1e-9b59-0f2a7c3c9d10', name: 'Water the plants' }]);
    await t.http.delete('/api/projects/home/tasks/5b8f6a3e-0d1c-4a1e-9b59-0f2a7c3c9d10').set('Authorization', alice).expect(204);
    await t.http.get('/api/projects/home/tasks').set('Authorization', bob).expect(200, []);
    await t.http.post('/__authmock/reset').set('X-Authmock-Client', 'test').expect(204);
    const again = await login(t, 'bob');
    await t.http.get('/api/projects/home/tasks').set('Authorization', again).expect(200, seeded.body);
  });

  it('keeps namespaces apart', async () => {
    const { t, alice } = await signedIn();
    await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'default ns' }).expect(201);
    const res = await t.http.post('/__ns/other/api/login').send({ username: 'alice', password: 'alice-pass' }).expect(200);
    const other = await t.http.get('/__ns/other/api/todos').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(other.body.total).toBe(0);
  });

  it('answers from examples only with --stateless', async () => {
    const { t, alice } = await signedIn({ stateless: true });
    await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'a' }).expect(201);
    const listed = await t.http.get('/api/todos').set('Authorization', alice).expect(200);
    expect(listed.body.items.some((o: { title: string }) => o.title === 'a')).toBe(false);
  });
});
