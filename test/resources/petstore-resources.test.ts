import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const PETSTORE = join(import.meta.dirname, '..', 'byo', 'petstore', 'petstore.openapi.yaml');

async function logIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.http.get('/api/v3/user/login').query({ username, password }).expect(200);
  return `Bearer ${res.body as string}`;
}

/**
 * The Swagger Petstore with its identity file (test/byo/petstore/petstore.authmock.yaml):
 * `resources.pet` binds PUT /pet (the id in the body) and the two searches, private, with
 * pet 7 seeded as user1's. user1 holds both pet scopes; a second user with them is added
 * through the control API, as a tester would (`reader` has read:pets only: 403 on pets).
 */
async function petstore() {
  const t = makeApp({ specs: [PETSTORE] });
  await t.http
    .post('/__authmock/identities/petstore/users')
    .send({ username: 'user2', password: 'petstore-pass-2', scopes: ['read:pets', 'write:pets'] })
    .expect(201);
  return { t, user1: await logIn(t, 'user1', 'petstore-pass-1'), user2: await logIn(t, 'user2', 'petstore-pass-2') };
}

const ids = (pets: { id: number }[]) => pets.map((p) => p.id).sort((x, y) => x - y);

describe("the Petstore's pets as stored resources, bound in its identity file", () => {
  it('creates a pet (200, as the spec declares), reads it, updates it with PUT /pet, finds it by status, deletes it', async () => {
    const { t, user1 } = await petstore();
    const made = await t.http
      .post('/api/v3/pet')
      .set('Authorization', user1)
      .send({ name: 'Nibbles', photoUrls: [], status: 'pending' })
      .expect(200);
    const id = made.body.id as number;
    expect(id).toBe(11); // one above the largest seeded id (7, 10)
    expect(made.body).toEqual({ id, name: 'Nibbles', photoUrls: [], status: 'pending' });
    await t.http.get(`/api/v3/pet/${id}`).set('Authorization', user1).expect(200, made.body);

    const updated = await t.http
      .put('/api/v3/pet')
      .set('Authorization', user1)
      .send({ id, name: 'Nibbles', photoUrls: ['https://example.com/n.jpg'], status: 'sold' })
      .expect(200);
    expect(updated.body).toEqual({ id, name: 'Nibbles', photoUrls: ['https://example.com/n.jpg'], status: 'sold' });
    await t.http.get(`/api/v3/pet/${id}`).set('Authorization', user1).expect(200, updated.body);

    const sold = await t.http.get('/api/v3/pet/findByStatus?status=sold').set('Authorization', user1).expect(200);
    expect(sold.body).toEqual([updated.body]);
    const pending = await t.http.get('/api/v3/pet/findByStatus?status=pending').set('Authorization', user1).expect(200);
    expect(pending.body).toEqual([]);

    await t.http.delete(`/api/v3/pet/${id}`).set('Authorization', user1).expect(200);
    await t.http.get(`/api/v3/pet/${id}`).set('Authorization', user1).expect(404);
    await t.http.put('/api/v3/pet').set('Authorization', user1).send({ id, name: 'Nibbles', photoUrls: [] }).expect(404);
    expect((await t.http.get('/api/v3/pet/findByStatus?status=sold').set('Authorization', user1).expect(200)).body).toEqual([]);
  });

  it("keeps user1's pet 7 from user2 (404, not in findPetsByStatus), and shows the spec's pet 10 to both", async () => {
    const { t, user1, user2 } = await petstore();
    const seven = await t.http.get('/api/v3/pet/7').set('Authorization', user1).expect(200);
    expect(seven.body).toEqual({ id: 7, name: 'Rex', photoUrls: [], status: 'available' });
    await t.http.get('/api/v3/pet/7').set('Authorization', user2).expect(404);
    await t.http.put('/api/v3/pet').set('Authorization', user2).send({ id: 7, name: 'Mine', photoUrls: [] }).expect(404);
    await t.http.delete('/api/v3/pet/7').set('Authorization', user2).expect(404);

    const ten = await t.http.get('/api/v3/pet/10').set('Authorization', user2).expect(200);
    expect(ten.body).toMatchObject({ id: 10, name: 'doggie', status: 'available' });
    await t.http.get('/api/v3/pet/10').set('Authorization', user1).expect(200, ten.body);

    const forUser1 = await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', user1).expect(200);
    expect(ids(forUser1.body)).toEqual([7, 10]);
    const forUser2 = await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', user2).expect(200);
    expect(ids(forUser2.body)).toEqual([10]);

    // what user2 creates is user2's: user1 gets 404 for it
    const made = await t.http.post('/api/v3/pet').set('Authorization', user2).send({ name: 'Tom', photoUrls: [] }).expect(200);
    await t.http.get(`/api/v3/pet/${made.body.id}`).set('Authorization', user1).expect(404);
    await t.http.get(`/api/v3/pet/${made.body.id}`).set('Authorization', user2).expect(200, made.body);
  });

  it('answers 403 to reader, who lacks write:pets, before any pet is looked at', async () => {
    const { t } = await petstore();
    const reader = await logIn(t, 'reader', 'reader-pass-1');
    await t.http.post('/api/v3/pet').set('Authorization', reader).send({ name: 'Nope', photoUrls: [] }).expect(403);
    await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', reader).expect(403);
    await t.http.delete('/api/v3/pet/7').set('Authorization', reader).expect(403);
  });
});
