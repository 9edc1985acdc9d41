import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';

const BOUNDS = join(import.meta.dirname, 'specs', 'bounds.openapi.yaml');
const WARNING =
  "bounds: 2 schemas give exclusiveMinimum or exclusiveMaximum as a boolean (OpenAPI 3.0's form), read as an exclusive bound: " +
  '/components/schemas/Payment/properties/amount, /paths/~1payments/get/parameters/0/schema';

async function bearer(t: ReturnType<typeof makeApp>): Promise<string> {
  const { token } = (await t.http.post('/__authmock/tokens').send({ api: 'bounds', user: 'demo' }).expect(201)).body;
  return `Bearer ${token}`;
}

describe('schemas a 3.1 compiler refuses as written', () => {
  it("reads a boolean exclusiveMinimum beside minimum (OpenAPI 3.0's form, in a 3.1 spec) as an exclusive bound, and says where", async () => {
    const t = makeApp({ specs: [BOUNDS] });
    const auth = await bearer(t);
    // the body's property: 0 is the bound, refused; above it, accepted; `exclusiveMaximum: false` leaves 1000 allowed
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: 0 }).expect(400);
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: -1 }).expect(400);
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: 0.01 }).expect(201);
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: 1000 }).expect(201);
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: 1000.5 }).expect(400);
    // the query parameter alike
    await t.http.get('/bounds/payments?min_amount=0').set('Authorization', auth).expect(400);
    await t.http.get('/bounds/payments?min_amount=0.5').set('Authorization', auth).expect(200);
    await t.http.get('/bounds/payments').set('Authorization', auth).expect(200);
    await t.http.get('/bounds/payments?min_amount=1').expect(401);
    expect((await t.runtime).warnings).toContain(WARNING);
  });

  it('reads them so again, and says so again, on a start from the compile cache', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    await makeApp({ specs: [BOUNDS], cacheDir }).runtime; // writes the cache entry
    const t = makeApp({ specs: [BOUNDS], cacheDir });
    const auth = await bearer(t);
    await t.http.post('/bounds/payments').set('Authorization', auth).send({ amount: 0 }).expect(400);
    await t.http.get('/bounds/payments?min_amount=0').set('Authorization', auth).expect(400);
    expect((await t.runtime).warnings).toContain(WARNING);
  });

  it('serves a schema no mending reads unchecked, never answering 500 for it', async () => {
    const t = makeApp({ specs: [BOUNDS] });
    const auth = await bearer(t);
    // Note's `text` says `required: true`, which Ajv refuses: its body goes unchecked, its answer is a plain sample
    const created = await t.http.post('/bounds/notes').set('Authorization', auth).send({ text: 'milk' }).expect(201);
    expect(created.body).toMatchObject({ text: expect.any(String) });
    await t.http.post('/bounds/notes').set('Authorization', auth).send({ text: 7 }).expect(201);
    await t.http.get('/bounds/notes').set('Authorization', auth).expect(200);
    await t.http.get('/bounds/notes').expect(401);
  });
});
