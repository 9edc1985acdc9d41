import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const HARBOR = join(import.meta.dirname, 'specs', 'harborlike.swagger.yaml');

describe("Harbor's ways: a shared 201 with Location and no body, a password only a create takes", () => {
  it('answers the Location a $ref response declares, and never answers what only the create body declares', async () => {
    const t = makeApp({ specs: [HARBOR] });
    await t.http.post('/__authmock/identities/harborlike/users').send({ username: 'admin', password: 'Harbor12345' }).expect(201);
    const admin = `Basic ${Buffer.from('admin:Harbor12345').toString('base64')}`;
    const made = await t.http
      .post('/api/v2.0/users')
      .set('Authorization', admin)
      .send({ username: 'dev', email: 'dev@example.com', password: 'secret-pass-1' })
      .expect(201);
    expect(made.text).toBe('');
    expect(made.headers.location).toBe('/api/v2.0/users/1');
    const one = await t.http.get(made.headers.location).set('Authorization', admin).expect(200);
    expect(one.body).toEqual({ user_id: 1, username: 'dev', email: 'dev@example.com' });
    const all = await t.http.get('/api/v2.0/users').set('Authorization', admin).expect(200);
    expect(all.body).toEqual([one.body]);
    expect(JSON.stringify((await t.http.get('/__authmock/resources/harborlike/users').expect(200)).body)).toContain('secret-pass-1');
  });

  it('answers a GET of the collection path that declares an object with no array (a map of names) from the spec, not as a list', async () => {
    const t = makeApp({ specs: [HARBOR] });
    await t.http.post('/__authmock/identities/harborlike/users').send({ username: 'admin', password: 'Harbor12345' }).expect(201);
    const admin = `Basic ${Buffer.from('admin:Harbor12345').toString('base64')}`;
    await t.http.get('/api/v2.0/projects/1/metadatas/').set('Authorization', admin).expect(200, { public: 'true' });
  });
});
