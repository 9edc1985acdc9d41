import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const ASSISTANTS = join(import.meta.dirname, 'specs', 'assistants.openapi.yaml');

describe("OpenAI's and Stripe's ways: an update by POST to the item, a removal's receipt", () => {
  it('merges a POST to the item into the object, and answers a DELETE with the declared receipt naming the id', async () => {
    const t = makeApp({ specs: [ASSISTANTS] });
    await t.http.post('/__authmock/identities/assistants/users').send({ username: 'alice', password: 'alice-pass-1' }).expect(201);
    await t.http.post('/__authmock/identities/assistants/users').send({ username: 'bob', password: 'bob-pass-12' }).expect(201);
    const bearer = async (user: string) =>
      `Bearer ${(await t.http.post('/__authmock/tokens').send({ api: 'assistants', user }).expect(201)).body.token}`;
    const [alice, bob] = [await bearer('alice'), await bearer('bob')];
    const made = await t.http.post('/v1/assistants').set('Authorization', alice).send({ name: 'Math Tutor', model: 'gpt-4o' }).expect(200);
    const { id } = made.body as { id: string };
    const renamed = await t.http.post(`/v1/assistants/${id}`).set('Authorization', alice).send({ name: 'Renamed' }).expect(200);
    expect(renamed.body).toEqual({ ...made.body, name: 'Renamed' });
    await t.http.get(`/v1/assistants/${id}`).set('Authorization', alice).expect(200, renamed.body);
    // another caller's update is refused as any other change (private by default)
    await t.http.post(`/v1/assistants/${id}`).set('Authorization', bob).send({ name: 'Mine now' }).expect(404);
    const removed = await t.http.delete(`/v1/assistants/${id}`).set('Authorization', alice).expect(200);
    expect(removed.body).toMatchObject({ id, object: 'assistant.deleted', deleted: true });
    expect(removed.body.name).toBeUndefined();
    await t.http.get(`/v1/assistants/${id}`).set('Authorization', alice).expect(404);
  });
});
