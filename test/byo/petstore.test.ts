import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const PETSTORE = join(import.meta.dirname, 'petstore', 'petstore.openapi.yaml');

async function logIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.http.get(`/api/v3/user/login?username=${username}&password=${password}`).expect(200);
  expect(res.body).toMatch(/^amk_/);
  return res.body as string;
}

describe('the Swagger Petstore, served with its identity file', () => {
  it('reads a pet with the header API key, and refuses it without one (401, a Bearer challenge for its OAuth scheme)', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const pet = await t.http.get('/api/v3/pet/10').set('api_key', 'special-key').expect(200);
    expect(pet.body).toMatchObject({ id: 10, name: 'doggie', status: 'available' });
    const none = await t.http.get('/api/v3/pet/10').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="petstore"');
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    await t.http.get('/api/v3/pet/10').set('api_key', 'not-special').expect(401);
  });

  it('keeps the API key out of the journal, whatever the spec calls its parameter', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    await t.http.get('/api/v3/pet/10').set('api_key', 'special-key').expect(200);
    await t.http.get('/api/v3/pet/10?api_key=special-key').expect(401); // the spec takes it as a header only
    const journal = JSON.stringify((await t.http.get('/__authmock/requests').expect(200)).body);
    expect(journal).toContain('"api_key":"***"');
    expect(journal).not.toContain('special-key');
  });

  it("logs in through the spec's own GET /user/login, and the token it answers works on the OAuth-secured operations", async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const token = await logIn(t, 'user1', 'petstore-pass-1');
    const found = await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', `Bearer ${token}`).expect(200);
    expect(Array.isArray(found.body)).toBe(true);
    await t.http.get('/api/v3/user/login?username=user1&password=wrong').expect(400); // the spec's declared failure
  });

  it('reads the tags of GET /pet/findByTags as an exploded form array, one tag or several, and refuses a limit-like scalar sent twice', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const auth = `Bearer ${await logIn(t, 'user1', 'petstore-pass-1')}`;
    await t.http.get('/api/v3/pet/findByTags?tags=a').set('Authorization', auth).expect(200);
    await t.http.get('/api/v3/pet/findByTags?tags=a&tags=b').set('Authorization', auth).expect(200);
    const twice = await t.http.get('/api/v3/pet/findByStatus?status=available&status=sold').set('Authorization', auth).expect(400);
    expect(twice.body.detail).toContain('query/status must be sent once');
  });

  it('answers 403 insufficient_scope to a user without write:pets, as the spec requires both scopes', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const token = await logIn(t, 'reader', 'reader-pass-1');
    const res = await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', `Bearer ${token}`).expect(403);
    expect(res.headers['www-authenticate']).toBe(
      'Bearer realm="petstore", error="insufficient_scope", error_description="the token lacks write:pets", scope="write:pets read:pets"',
    );
  });

  it("revokes the token through the spec's own GET /user/logout", async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const token = await logIn(t, 'user1', 'petstore-pass-1');
    await t.http.get('/api/v3/user/logout').set('Authorization', `Bearer ${token}`).expect(200);
    const res = await t.http.get('/api/v3/pet/findByStatus?status=available').set('Authorization', `Bearer ${token}`).expect(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it("lets a user read its own record and answers 403 for another user's (owner-only in the identity file)", async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const token = await logIn(t, 'user1', 'petstore-pass-1');
    await t.http.get('/api/v3/user/user1').set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.get('/api/v3/user/reader').set('Authorization', `Bearer ${token}`).expect(403);
    await t.http.get('/api/v3/user/user1').expect(401);
  });

  it('validates a new pet against the spec before it answers', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    const auth = `Bearer ${await logIn(t, 'user1', 'petstore-pass-1')}`;
    await t.http
      .post('/api/v3/pet')
      .set('Authorization', auth)
      .send({ name: 'rex', photoUrls: ['https://x'] })
      .expect(200);
    const bad = await t.http.post('/api/v3/pet').set('Authorization', auth).send({ name: 7 }).expect(400);
    expect(bad.body.detail).toMatch(/does not match the spec/);
  });

  it('journals each request with its auth outcome and reason', async () => {
    const t = makeApp({ specs: [PETSTORE] });
    await t.http.get('/api/v3/store/inventory').expect(401);
    await t.http.get('/api/v3/store/inventory').set('api_key', 'special-key').expect(200);
    const entries = (await t.http.get('/__authmock/requests?limit=2').expect(200)).body;
    expect(entries.map((e: any) => [e.api, e.operationId, e.status, e.auth.outcome, e.permission.outcome])).toEqual([
      ['petstore', 'getInventory', 200, 'ok', 'allowed'],
      ['petstore', 'getInventory', 401, 'none', 'refused'],
    ]);
  });
});
