import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const TASKS = join(import.meta.dirname, 'specs', 'tasks-envelope.openapi.yaml');

async function tokenFor(t: TestApp, user: string): Promise<string> {
  await t.http
    .post('/__authmock/identities/tasks-envelope/users')
    .send({ username: user, password: `${user}-pass-1` })
    .expect(201);
  const res = await t.http.post('/__authmock/tokens').send({ api: 'tasks-envelope', user }).expect(201);
  return `Bearer ${res.body.token}`;
}

describe('stored resources in an envelope ({ "data": ... }, as Asana answers)', () => {
  it('reads the object out of the request envelope, answers it in one, and lists in the data array', async () => {
    const t = makeApp({ specs: [TASKS] });
    const alice = await tokenFor(t, 'alice');
    const made = await t.http
      .post('/api/1.0/tasks')
      .set('Authorization', alice)
      .send({ data: { name: 'Write the report' } })
      .expect(201);
    expect(made.body.data).toMatchObject({ name: 'Write the report', resource_type: 'task', created_at: '2026-01-01T00:00:00.000Z' });
    const gid = made.body.data.gid as string;
    expect(gid).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await t.http.get(`/api/1.0/tasks/${gid}`).set('Authorization', alice).expect(200, made.body);
    const updated = await t.http
      .put(`/api/1.0/tasks/${gid}`)
      .set('Authorization', alice)
      .send({ data: { name: 'Write the report', completed: true } })
      .expect(200);
    expect(updated.body.data).toMatchObject({ gid, completed: true, resource_type: 'task' });
    const listed = await t.http.get('/api/1.0/tasks?completed=true').set('Authorization', alice).expect(200);
    expect(listed.body.data.map((task: { gid: string }) => task.gid)).toEqual([gid]);
    const bob = await tokenFor(t, 'bob');
    await t.http.get(`/api/1.0/tasks/${gid}`).set('Authorization', bob).expect(404);
    await t.http.delete(`/api/1.0/tasks/${gid}`).set('Authorization', alice).expect(200);
    await t.http.get(`/api/1.0/tasks/${gid}`).set('Authorization', alice).expect(404);
  });
});
