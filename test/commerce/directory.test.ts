import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT, adminToken, customerToken } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE, bearer } from '../support/wire.js';

const app = useApp();
const spec = parse(readFileSync(join(ROOT, 'specs', 'commerce.openapi.yaml'), 'utf8'));
const exampleOf = (path: string) => {
  const examples = spec.paths[path].get.responses['200'].content['application/json'].examples;
  return (Object.values(examples)[0] as { value: unknown }).value;
};

const OPERATIONS = [
  { path: '/V1/directory/countries', example: exampleOf('/V1/directory/countries') },
  { path: '/V1/directory/currency', example: exampleOf('/V1/directory/currency') },
];

describe.each(OPERATIONS)('anonymous GET $path', ({ path, example }) => {
  it('answers the spec example without a token', async () => {
    const t = app();
    const res = await t.http.get(`/rest${path}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(COMMERCE.json);
    expect(res.body).toEqual(example);
  });

  it('answers the same with a valid customer or admin token', async () => {
    const t = app();
    for (const token of [await customerToken(t), await adminToken(t)]) {
      const res = await t.http.get(`/rest${path}`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(example);
    }
  });

  it('treats a garbage, unknown or revoked token as a guest and answers the same', async () => {
    const t = app();
    const revoked = await customerToken(t);
    await t.http.post(COMMERCE.revoke).set(bearer(revoked)).expect(200);
    for (const header of ['Bearer garbage', 'Bearer 0123456789abcdefghijklmnopqrstuv', 'Basic x', `Bearer ${revoked}`]) {
      const res = await t.http.get(`/rest${path}`).set('Authorization', header);
      expect(res.status, header).toBe(200);
      expect(res.body).toEqual(example);
    }
  });

  it('answers through a store code in the path', async () => {
    const t = app();
    for (const code of ['default', 'all', 'en']) {
      const res = await t.http.get(`/rest/${code}${path}`);
      expect(res.status, code).toBe(200);
      expect(res.body).toEqual(example);
    }
  });

  it('renders the example as XML when Accept asks for XML', async () => {
    const t = app();
    const res = await t.http.get(`/rest${path}`).set('Accept', 'application/xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text.startsWith('<?xml version="1.0"?>\n<response>\n')).toBe(true);
  });
});

describe('the directory examples as XML', () => {
  it('renders list items as <item>', async () => {
    const t = app();
    const res = await t.http.get('/rest/V1/directory/countries').set('Accept', 'application/xml').expect(200);
    expect(res.text).toContain('<response>\n  <item>\n    <id>US</id>\n');
    expect(res.text).toContain('    <available_regions>\n      <item>\n        <id>1</id>\n        <code>AL</code>\n');
  });
});
