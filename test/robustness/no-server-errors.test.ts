import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminToken, makeApp } from '../support/make-app.js';

/** Hostile or broken input: every answer is a 4xx in the API's own shape, never a 5xx or a hang. */
describe('bad input never makes a server error', () => {
  const commerceBodies: [string, string, string][] = [
    ['deeply nested XML', 'application/xml', '<a>'.repeat(20000) + '</a>'.repeat(20000)],
    [
      'XML with an external entity',
      'application/xml',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><login><username>&e;</username></login>',
    ],
    ['XML with an undefined entity', 'text/xml', '<login><username>&nbsp;</username><password>x</password></login>'],
    ['deeply nested JSON', 'application/json', '['.repeat(100000) + ']'.repeat(100000)],
    ['JSON with a huge number', 'application/json', '{"username": 1e999, "password": "x"}'],
    ['a password far over the limit', 'application/json', JSON.stringify({ username: 'a', password: 'p'.repeat(100_000) })],
    ['invalid UTF-8', 'application/json', '{"username":"\udc00","password":"x"}'],
  ];
  for (const [name, type, body] of commerceBodies) {
    it(`answers ${name} on the commerce token endpoint with a 4xx`, async () => {
      const t = makeApp();
      const res = await t.http.post('/rest/V1/integration/customer/token').set('Content-Type', type).send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
      expect(res.text).not.toContain('root:');
    });
  }

  it('keeps the journal readable after a JSON body nested too deep to walk (one that fits in the journal)', async () => {
    const t = makeApp();
    const body = `{"username":"a","password":"p4ss","x":${'['.repeat(8000)}${']'.repeat(8000)}}`;
    const res = await t.http.post('/rest/V1/integration/customer/token').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBeLessThan(500);
    const list = await t.http.get('/__authmock/requests').expect(200);
    expect(list.body[0].request.body).toBe('(a JSON body nested deeper than 512 levels: not shown)');
    expect(list.text).not.toContain('p4ss');
  });

  it("refuses a JSON body nested past 512 levels on a user spec's recursive schema, and takes one within", async () => {
    const t = makeApp({ specs: [join(import.meta.dirname, '..', 'byo', 'specs', 'tree.openapi.yaml')] });
    const tree = (n: number) => `${'{"children":['.repeat(n)}{}${']}'.repeat(n)}`;
    const deep = await t.http.post('/trees').set('Content-Type', 'application/json').send(tree(8000));
    expect(deep.status).toBe(400);
    expect(deep.body.detail).toBe('the JSON body nests deeper than 512 levels');
    await t.http.post('/trees').set('Content-Type', 'application/json').send(tree(255)).expect(201);
  });

  it('refuses claims nested past 512 levels on the control API, where signing them would exhaust the stack', async () => {
    const t = makeApp();
    const claims = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await t.http
      .post('/__authmock/tokens')
      .set('Content-Type', 'application/json')
      .send(`{"api":"commerce","user":"roni_cost@example.com","claims":{"x":${claims}}}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('the body nests deeper than 512 levels');
  });

  const paths = [
    '/rest/V1/customers/99999999999999999999',
    '/rest/V1/customers/%zz',
    '/rest/V1/customers/%00',
    '/rest//V1/customers/1',
    '/rest/V1/customers/1/',
    '/rest/%E0%A4%A/V1/customers/me',
  ];
  for (const path of paths) {
    it(`answers ${path} with a 4xx`, async () => {
      const t = makeApp();
      const token = await adminToken(t);
      const res = await t.http.get(path).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  }

  const socialBodies: [string, string, string][] = [
    ['multipart without a boundary', 'multipart/form-data', 'garbage'],
    [
      'multipart with a broken body',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    ],
    ['fields of the wrong types', 'application/json', JSON.stringify({ username: ['a'], password: { x: 1 }, apiKey: 1, secretKey: true })],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a broken form body', 'application/x-www-form-urlencoded', '%%%&&&=%zz'],
  ];
  for (const [name, type, body] of socialBodies) {
    it(`answers ${name} on the social login with a 4xx`, async () => {
      const t = makeApp();
      const res = await t.http.post('/socialapi/auth/post/login?userToken=%E0%A4%A').set('Content-Type', type).send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.status).toBe(false);
    });
  }
});
