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
    // the count sits in `meta`, beside the array
    expect(listed.body.meta.total).toBe(listed.body.certificates.length);
    expect((await t.http.get('/v2/certificates?name=other').set('Authorization', alice).expect(200)).body.certificates).toEqual([]);
    await t.http.delete(`/v2/certificates/${id}`).set('Authorization', alice).expect(204);
    await t.http.get(`/v2/certificates/${id}`).set('Authorization', alice).expect(404);
  });
});

describe('objects named by an IP address (the floating and reserved IPs of DigitalOcean)', () => {
  it('makes ids the item path takes, an IPv4 or IPv6 address, in the one property of that format', async () => {
    const t = makeApp({ specs: [ROOTKEY] });
    const alice = await bearerOf(t, 'rootkey');
    const v4 = (await t.http.post('/v2/floating_ips').set('Authorization', alice).send({ region: 'nyc3' }).expect(202)).body.floating_ip;
    expect(v4.ip).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    await t.http.get(`/v2/floating_ips/${v4.ip}`).set('Authorization', alice).expect(200, { floating_ip: v4 });
    const v6 = (await t.http.post('/v2/reserved_ipv6').set('Authorization', alice).send({ region: 'nyc3' }).expect(201)).body.reserved_ipv6;
    expect(v6.ip).toMatch(/^fd[0-9a-f]{2}(:[0-9a-f]{4}){7}$/);
    await t.http.get(`/v2/reserved_ipv6/${v6.ip}`).set('Authorization', alice).expect(200, { reserved_ipv6: v6 });
    await t.http.delete(`/v2/reserved_ipv6/${v6.ip}`).set('Authorization', alice).expect(204);
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

  it('fills what every answer requires and the create body does not take (`type`), and a replacement keeps it', async () => {
    const t = makeApp({ specs: [PAGED] });
    const alice = await bearerOf(t, 'paged');
    const made = await t.http.post('/2.0/groups').set('Authorization', alice).send({ name: 'Support' }).expect(201);
    expect(made.body).toMatchObject({ type: 'group', name: 'Support' });
    // required is not readOnly: a property the answer does not require stays out
    expect(made.body).not.toHaveProperty('created_at');
    const put = await t.http.put(`/2.0/groups/${made.body.id}`).set('Authorization', alice).send({ name: 'Sales' }).expect(200);
    expect(put.body).toEqual({ id: made.body.id, type: 'group', name: 'Sales' });
    await t.http.get(`/2.0/groups/${made.body.id}`).set('Authorization', alice).expect(200, put.body);
  });

  it('completes the objects a body nests as the answer requires them (`parent: { id }` answered with its `type`)', async () => {
    const t = makeApp({ specs: [PAGED] });
    const alice = await bearerOf(t, 'paged');
    const body = { name: 'Support', parent: { id: '7' }, members: [{ id: 'u1' }, { id: 'u2' }] };
    const made = await t.http.post('/2.0/groups').set('Authorization', alice).send(body).expect(201);
    expect(made.body.parent).toEqual({ id: '7', type: 'group' });
    expect(made.body.members).toEqual([
      { id: 'u1', type: 'user' },
      { id: 'u2', type: 'user' },
    ]);
    const put = await t.http
      .put(`/2.0/groups/${made.body.id}`)
      .set('Authorization', alice)
      .send({ name: 'Sales', parent: { id: '8' } })
      .expect(200);
    expect(put.body.parent).toEqual({ id: '8', type: 'group' });
  });
});
