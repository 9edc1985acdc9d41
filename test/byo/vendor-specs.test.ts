import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

// an uppercase file name, as DigitalOcean-public.v2.yaml: the spec is named `Vendor-API`
const VENDOR = join(import.meta.dirname, 'specs', 'Vendor-API.openapi.yaml');
const API = 'Vendor-API';

/** A fresh app serving the vendor spec, a user made through the control API and a token minted for it. */
async function startWithToken() {
  const t = makeApp({ specs: [VENDOR] });
  await t.http.post(`/__authmock/identities/${API}/users`).send({ username: 'ana', password: 'ana-pass-1' }).expect(201);
  const minted = await t.http.post('/__authmock/tokens').send({ api: API, user: 'ana' }).expect(201);
  return { t, auth: `Bearer ${minted.body.token as string}` };
}

describe("a vendor's spec as its SDK uses it", () => {
  it('drives a spec whose file name has uppercase letters through the control API: identities, tokens, the journal by api', async () => {
    const { t, auth } = await startWithToken();
    await t.http.get(`/__authmock/identities/${API}/users/ana`).expect(200);
    await t.http.get('/2.0/tasks/12345').set('Authorization', auth).expect(200);
    const tokens = await t.http.get(`/__authmock/tokens?api=${API}`).expect(200);
    expect(tokens.body).toEqual([expect.objectContaining({ api: API, userId: 'ana' })]);
    const journal = await t.http.get(`/__authmock/requests?api=${API}`).expect(200);
    expect(journal.body.map((e: { api: string; operationId: string }) => [e.api, e.operationId])).toEqual([[API, 'getTask']]);
    expect((await t.http.get('/__authmock/requests?api=commerce').expect(200)).body).toEqual([]);
  });

  it('still refuses an api name that could break a path', async () => {
    const t = makeApp({ specs: [VENDOR] });
    await t.http.get('/__authmock/identities/Vendor.API/users').expect(400);
    await t.http.get('/__authmock/requests?api=a%2Fb').expect(400);
  });

  it("answers Prefer: code=<status> with the status's schema when it declares no example, once the request passed its checks", async () => {
    const { t, auth } = await startWithToken();
    const notFound = await t.http.get('/2.0/tasks/12345').set('Authorization', auth).set('Prefer', 'code=404').expect(404);
    expect(notFound.body).toEqual({ errors: [{ message: 'task: Not a recognized ID: 12345' }] });
    // no example: a body made from the schema, of its required properties only (it has none)
    for (const code of [401, 500]) {
      const res = await t.http.get('/2.0/tasks/12345').set('Authorization', auth).set('Prefer', `code=${code}`).expect(code);
      expect(res.body).toEqual({});
    }
    const ok = await t.http.get('/2.0/tasks/12345').set('Authorization', auth).set('Prefer', 'code=200').expect(200);
    expect(ok.body).toEqual({ data: { gid: '12345', name: 'Buy milk' } });
    const [entry] = (await t.http.get('/__authmock/requests?limit=1').expect(200)).body;
    expect(entry.steered).toEqual({ rule: 'prefer', status: 200 });
  });

  it('answers a Prefer code the operation does not declare with a problem naming the declared ones', async () => {
    const { t, auth } = await startWithToken();
    const res = await t.http.get('/2.0/tasks/12345').set('Authorization', auth).set('Prefer', 'code=418').expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toBe('Prefer: code=418 is not a status getTask declares (declared: 200, 400, 401, 403, 404, 500)');
  });

  it('keeps a refused request refused whatever status Prefer asks for', async () => {
    const t = makeApp({ specs: [VENDOR] });
    await t.http.get('/2.0/tasks/12345').set('Prefer', 'code=200').expect(401);
    await t.http.get('/2.0/tasks/12345').set('Authorization', 'Bearer not-a-token').set('Prefer', 'code=200').expect(401);
  });

  it('routes a concrete path to its own operation, not to a template that also matches it', async () => {
    const { t, auth } = await startWithToken();
    await t.http.get('/2.0/files/12345/metadata/global/boxSkillsCards').set('Authorization', auth).expect(200);
    await t.http.get('/2.0/files/12345/metadata/enterprise/invoice').set('Authorization', auth).expect(200);
    const entries = (await t.http.get(`/__authmock/requests?api=${API}`).expect(200)).body as { operationId: string }[];
    expect(entries.map((e) => e.operationId)).toEqual(['getFileMetadataById', 'getBoxSkillCards']);
  });

  it('refuses with a body of only the required properties of a `default` error schema, valid against it', async () => {
    const t = makeApp({ specs: [VENDOR] });
    const res = await t.http.get('/2.0/account').expect(401);
    expect(res.body).toEqual({ error: { type: 'api_error' } });
    // every answer is checked against the spec: makeApp fails the test on a body the schema refuses
    expect(res.text.length).toBeLessThan(100);
  });
});
