import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const TODO = join(import.meta.dirname, 'specs', 'todo.openapi.yaml');
const USERS = `users:
  - { username: alice, password: alice-pass }
  - { username: bob, password: bob-pass }
bindings:
  login: { operation: login, token: /token }
`;

/** The to-do spec with an identity file that says this of its todos. */
function appWith(resources: string): TestApp {
  const file = join(mkdtempSync(join(tmpdir(), 'authmock-visibility-')), 'todo.authmock.yaml');
  writeFileSync(file, `${USERS}resources:\n${resources}`);
  return makeApp({ specs: [{ spec: TODO, identities: file }] });
}

async function twoUsers(t: TestApp) {
  const login = async (u: string) =>
    `Bearer ${
      (
        await t.http
          .post('/api/login')
          .send({ username: u, password: `${u}-pass` })
          .expect(200)
      ).body.token
    }`;
  const alice = await login('alice');
  const bob = await login('bob');
  await t.http.post('/api/todos').set('Authorization', alice).send({ title: "Alice's" }).expect(201);
  return { alice, bob };
}

describe('who else may touch an object: the collection’s visibility', () => {
  it('shared-read: every caller reads and lists it, only the owner changes it (others 403)', async () => {
    const t = appWith('  todos: { visibility: shared-read }\n');
    const { bob } = await twoUsers(t);
    await t.http.get('/api/todos/1').set('Authorization', bob).expect(200);
    expect((await t.http.get('/api/todos').set('Authorization', bob).expect(200)).body.total).toBe(1);
    const refused = await t.http.put('/api/todos/1').set('Authorization', bob).send({ title: 'mine' }).expect(403);
    expect(refused.body.detail).toBe('todos 1 is not yours to change');
    await t.http.delete('/api/todos/1').set('Authorization', bob).expect(403);
  });

  it('shared: no owner checks', async () => {
    const t = appWith('  todos: { visibility: shared }\n');
    const { bob } = await twoUsers(t);
    await t.http.put('/api/todos/1').set('Authorization', bob).send({ title: 'ours' }).expect(200);
    await t.http.delete('/api/todos/1').set('Authorization', bob).expect(204);
  });

  it('private with others: 403 tells others it exists but is not theirs', async () => {
    const t = appWith('  todos: { others: 403 }\n');
    const { bob } = await twoUsers(t);
    await t.http.get('/api/todos/1').set('Authorization', bob).expect(403);
    await t.http.get('/api/todos/2').set('Authorization', bob).expect(404);
  });

  it("seeds objects with owners from the identity file, and a seed's owner is the only one who reads it", async () => {
    const t = appWith('  todos:\n    seed: [{ owner: bob, object: { id: 40, title: "Bob seeded" } }]\n');
    const { alice, bob } = await twoUsers(t);
    await t.http.get('/api/todos/40').set('Authorization', bob).expect(200, { id: 40, title: 'Bob seeded' });
    await t.http.get('/api/todos/40').set('Authorization', alice).expect(404);
    // ids go on above the seeds
    const next = await t.http.post('/api/todos').set('Authorization', alice).send({ title: 'next' }).expect(201);
    expect(next.body.id).toBe(42); // Alice's first was 41
  });

  it('answers from examples for resources: false', async () => {
    const t = makeApp({
      specs: [
        {
          spec: TODO,
          identities: (() => {
            const file = join(mkdtempSync(join(tmpdir(), 'authmock-visibility-')), 'todo.authmock.yaml');
            writeFileSync(file, `${USERS}resources: false\n`);
            return file;
          })(),
        },
      ],
    });
    const { alice } = await twoUsers(t);
    expect((await t.http.get('/__authmock/resources/todo').expect(404)).body.detail).toMatch(/no stored resources/);
    await t.http.get('/api/todos/1').set('Authorization', alice).expect(200);
  });

  it('refuses an unknown key of a resource, naming it', async () => {
    const t = appWith('  todos: { visibilty: shared }\n');
    await expect(t.runtime).rejects.toThrow(/resources\.todos\.visibilty.*not a known key/);
  });

  it('still lets a steering rule answer instead of the store', async () => {
    const t = appWith('  todos: {}\n');
    const { alice } = await twoUsers(t);
    await t.http.post('/__authmock/steering').send({ operationId: 'getTodo', status: 404, times: 1 }).expect(201);
    await t.http.get('/api/todos/1').set('Authorization', alice).expect(404);
    await t.http.get('/api/todos/1').set('Authorization', alice).expect(200);
  });
});
