import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';

const ROOTKEY = join(import.meta.dirname, 'specs', 'rootkey.openapi.yaml');
const PAGED = join(import.meta.dirname, 'specs', 'paged.openapi.yaml');
/** Alice, made in the spec's identities, and a bearer token of hers. */
async function bearerOf(t: TestApp, api: string): Promise<string> {
  await t.http.post(`/__authmock/identities/${api}/users`).send({ username: 'alice', password: 'alice-pass-1' }).expect(201);
  return `Bearer ${(await t.http.post('/__authmock/tokens').send({ api, user: 'alice' }).expect(201)).body.token}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('stored resources answered under a root key ({ "certificate": ... }, as DigitalOcean answers)', () => {
  it('stores the bare body, answers it under its key, makes ids the item path takes, and lists without an empty filter', async () => {
    const t = makeApp({ specs: [ROOTKEY] });
    const alice = await bearerOf(t, 'rootkey');
    const made = await t.http.post('/v2/certificates').set('Authorization', alice).send({ name: 'web-cert-01' }).expect(201);
    expect(Object.keys(made.body)).toEqual(['certificate']);
    const { id } = made.body.certificate as { id: string };
    // the id property says only `string`; the item path's parameter is a UUID, so the id is one
    expect(id).toMatch(UUID);
    await t.http.get(`/v2/certificates/${id}`).set('Authorization', alice).expect(200, made.body);
    // `name` defaults to "": left out, it filters nothing
    const listed = await t.http.get('/v2/certificates').set('Authorization', alice).expect(200);
    expect(listed.body.certificates.map((c: { id: string }) => c.id)).toContain(id);
    expect((await t.http.get('/v2/certificates?name=other').set('Authorization', alice).expect(200)).body.certificates).toEqual([]);
    await t.http.delete(`/v2/certificates/${id}`).set('Authorization', alice).expect(204);
    await t.http.get(`/v2/certificates/${id}`).set('Authorization', alice).expect(404);
  });
});

describe('a list answer with pagination beside its entries (Box)', () => {
  it('answers the declared object: the stored objects in `entries`, though `order` is an array too', async () => {
    const t = makeApp({ specs: [PAGED] });
    const alice = await bearerOf(t, 'paged');
    const made = await t.http.post('/2.0/groups').set('Authorization', alice).send({ name: 'Support' }).expect(201);
    const listed = await t.http.get('/2.0/groups').set('Authorization', alice).expect(200);
    expect(Array.isArray(listed.body)).toBe(false);
    expect(listed.body.entries.map((g: { id: string }) => g.id)).toContain(made.body.id);
    expect(listed.body.total_count).toBe(listed.body.entries.length);
  });
});
