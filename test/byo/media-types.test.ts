import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { makeApp, type TestApp } from '../support/make-app.js';

const MEDIA = join(import.meta.dirname, 'specs', 'media.openapi.yaml');
const TICKET = '/v1/tickets/a54a57ca-36f8-421b-a6b4-2e8f26858a4c/qr';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A bearer token the control API mints for alice. */
async function aliceToken(t: TestApp): Promise<string> {
  const res = await t.http.post('/__authmock/tokens').send({ api: 'media', user: 'alice' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

/** GET `path` as alice, the answer's body as the bytes sent. */
async function getAs(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const req = t.http.get(path).set('Authorization', `Bearer ${await aliceToken(t)}`);
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  // the body as the bytes sent, whatever its type
  return req.responseType('blob');
}

describe("a user's spec answers in the media type it declares", () => {
  it('answers an image without an example with a minimal PNG, to Basic credentials, whatever Accept asks', async () => {
    const t = makeApp({ specs: [MEDIA] });
    for (const accept of [undefined, 'application/json', 'image/png']) {
      const req = t.http.get(TICKET).set('Authorization', basic('alice', 'alice-pass-1'));
      const res = await (accept ? req.set('Accept', accept) : req).responseType('blob');
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe('image/png');
      const png = res.body as Buffer;
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    }
    // no credentials: the spec's own 401, in its type
    const refused = await t.http.get(TICKET).expect(401);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it("sends a binary type's string example as its bytes, and bytes of its own where there is neither example nor schema", async () => {
    const t = makeApp({ specs: [MEDIA] });
    const logo = await getAs(t, '/v1/logo');
    expect([logo.status, logo.headers['content-type'], (logo.body as Buffer).toString('utf8')]).toEqual([
      200,
      'image/png',
      'not really a PNG',
    ]);
    const dump = await getAs(t, '/v1/dumps/latest');
    expect([dump.status, dump.headers['content-type'], (dump.body as Buffer).toString('utf8')]).toEqual([
      200,
      'application/octet-stream',
      'raw dump bytes',
    ]);
    const empty = await getAs(t, '/v1/dumps/empty');
    expect([empty.status, empty.headers['content-type'], (empty.body as Buffer).toString('hex')]).toEqual([
      200,
      'application/octet-stream',
      '00010203a0a1a2a3',
    ]);
    const pdf = await getAs(t, '/v1/invoices/latest/pdf');
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((pdf.body as Buffer).toString('latin1')).toMatch(/^%PDF-1\.4\n[^]*%%EOF\n$/);
  });

  it('sends text examples as they are: CSV, YAML and plain text, text/* with its charset', async () => {
    const t = makeApp({ specs: [MEDIA] });
    const csv = await getAs(t, '/v1/invoices/latest/csv');
    expect([csv.status, csv.headers['content-type'], (csv.body as Buffer).toString('utf8')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'product,hours,USD\nDroplet,744,$5.00\n',
    ]);
    const yaml = await getAs(t, '/v1/clusters/main/kubeconfig');
    expect([yaml.status, yaml.headers['content-type'], (yaml.body as Buffer).toString('utf8')]).toEqual([
      200,
      'application/yaml',
      'apiVersion: v1\nkind: Config\ncurrent-context: main\n',
    ]);
    // a mapping in YAML goes as its JSON text, which YAML reads as the same mapping
    const settings = await getAs(t, '/v1/settings.yaml');
    expect([settings.status, settings.headers['content-type'], (settings.body as Buffer).toString('utf8')]).toEqual([
      200,
      'application/yaml',
      '{"theme":"dark","size":3}',
    ]);
    // no example: made from the schema
    const version = await getAs(t, '/v1/version');
    expect([version.status, version.headers['content-type'], (version.body as Buffer).toString('utf8')]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'v1.2.3',
    ]);
  });

  it('answers in the type Accept picks among those declared, JSON where Accept picks none', async () => {
    const t = makeApp({ specs: [MEDIA] });
    const cases: [string | undefined, string, string][] = [
      [undefined, 'application/json', '[{"product":"Droplet","hours":744}]'],
      ['application/json', 'application/json', '[{"product":"Droplet","hours":744}]'],
      ['text/csv', 'text/csv; charset=utf-8', 'product,hours\nDroplet,744\n'],
      ['text/*', 'text/csv; charset=utf-8', 'product,hours\nDroplet,744\n'],
      ['text/csv;q=0.5, application/json', 'application/json', '[{"product":"Droplet","hours":744}]'],
      ['application/json;q=0, */*', 'text/csv; charset=utf-8', 'product,hours\nDroplet,744\n'],
      ['image/png', 'application/json', '[{"product":"Droplet","hours":744}]'],
    ];
    for (const [accept, type, body] of cases) {
      const res = await getAs(t, '/v1/exports/latest', accept ? { Accept: accept } : {});
      expect([res.status, res.headers['content-type'], (res.body as Buffer).toString('utf8')], accept).toEqual([200, type, body]);
    }
  });

  it('keeps Prefer working: a named text example, a status, in the declared type', async () => {
    const t = makeApp({ specs: [MEDIA] });
    const evening = await getAs(t, '/v1/motd', { Prefer: 'example=evening' });
    expect([evening.status, evening.headers['content-type'], (evening.body as Buffer).toString('utf8')]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'Good evening.',
    ]);
    const morning = await getAs(t, '/v1/motd');
    expect((morning.body as Buffer).toString('utf8')).toBe('Good morning.');
    const csv = await getAs(t, '/v1/invoices/latest/csv', { Prefer: 'code=200' });
    expect([csv.status, csv.headers['content-type'], (csv.body as Buffer).toString('utf8')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'product,hours,USD\nDroplet,744,$5.00\n',
    ]);
  });

  it("answers a steering rule's body in the operation's declared type", async () => {
    const t = makeApp({ specs: [MEDIA] });
    await t.http
      .post('/__authmock/steering')
      .send({ api: 'media', operationId: 'getInvoiceCsv', status: 200, body: 'a,b\n1,2\n' })
      .expect(201);
    const res = await getAs(t, '/v1/invoices/latest/csv');
    expect([res.status, res.headers['content-type'], (res.body as Buffer).toString('utf8')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'a,b\n1,2\n',
    ]);
  });
});
