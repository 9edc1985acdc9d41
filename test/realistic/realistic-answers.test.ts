import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, ROOT } from '../support/make-app.js';

const PEOPLE = join(import.meta.dirname, 'specs', 'people.openapi.yaml');

/** The specs a user brings that the repository holds (the built-ins are answered by handlers). */
const USER_SPECS = [
  'test/byo/specs/open.openapi.yaml',
  'test/byo/specs/quirks.openapi.yaml',
  'test/byo/specs/schemes.openapi.yaml',
  'test/byo/specs/tree.openapi.yaml',
  'test/byo/specs/Vendor-API.openapi.yaml',
  'test/byo/specs/legacy.swagger.json',
  'test/byo/petstore/petstore.openapi.yaml',
  'test/resources/specs/todo.openapi.yaml',
  'test/resources/specs/tasks-envelope.openapi.yaml',
  'test/check/spec/notes/notes.openapi.yaml',
  'test/realistic/specs/people.openapi.yaml',
  'test/realistic/specs/vendor-shapes.openapi.yaml',
  // public specs vendored unchanged (test/fixtures/public-specs/README.md)
  'test/fixtures/public-specs/swagger-petstore/openapi.yaml',
  'test/fixtures/public-specs/oai-examples/petstore.yaml',
  'test/fixtures/public-specs/oai-examples/webhook-example.yaml',
].map((f) => join(ROOT, f));

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('realistic values made from a schema', () => {
  it.each(USER_SPECS)('makes every 2xx JSON answer of %s valid against its schema', async (spec) => {
    const t = makeApp({ specs: [spec] });
    const runtime = await t.runtime;
    const api = runtime.apis.find((a) => !a.builtIn)!;
    let checked = 0;
    for (const op of api.model.operations) {
      for (const [status, media] of op.responses) {
        if (!/^2\d\d$/.test(status)) continue;
        for (const [type, validate] of media.byType) {
          if (!media.schemaAt.has(type) || !/json/.test(type)) continue;
          const body = api.sample(op, status, type, { pathParams: { id: '7' } });
          expect(validate(body), `${op.operationId} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("answers a valid value where the spec's own example fails its schema, not the example", async () => {
    const t = makeApp({ specs: [join(import.meta.dirname, 'specs', 'vendor-shapes.openapi.yaml')] });
    const api = (await t.runtime).apis.find((a) => !a.builtIn)!;
    const op = api.model.operations.find((o) => o.operationId === 'getUser')!;
    const user = api.sample(op, '200', 'application/json', { pathParams: { id: '7' } }) as Record<string, unknown>;
    expect(typeof user.password).toBe('string');
    const group = api.sample(
      api.model.operations.find((o) => o.operationId === 'getGroup')!,
      '200',
      'application/json',
    ) as Record<string, unknown>;
    expect(group.created_by).toMatch(/^[UW][A-Z0-9]{2,}$/);
    for (const id of ['1', '2', '3', '4', '5']) {
      const file = api.sample(
        api.model.operations.find((o) => o.operationId === 'getFile')!,
        '200',
        'application/json',
        {
          pathParams: { id },
        },
      ) as Record<string, unknown>;
      expect(file.sha).toMatch(/^[0-9a-fA-F]{40}$/);
    }
  });

  it('serves an OpenAPI 3.1 operation that declares no responses (the OAI example): 401 without a credential, else an empty 200', async () => {
    const t = makeApp({ specs: [join(ROOT, 'test/fixtures/public-specs/oai-examples/non-oauth-scopes.json')] });
    await t.http.get('/users').expect(401);
    const { body } = await t.http.post('/__authmock/tokens').send({ api: 'non-oauth-scopes', user: 'demo' }).expect(201);
    const res = await t.http
      .get('/users')
      .set('Authorization', `Bearer ${(body as { token: string }).token}`)
      .expect(200);
    expect(res.text).toBe('');
  });

  it('makes names, emails, dates and links that look like them', async () => {
    const t = makeApp({ specs: [PEOPLE] });
    const { body } = await t.http.get('/people/7').expect(200);
    expect(body.id).toBe(7); // the path's id, not a made one
    expect(body.firstName).toMatch(/^[A-Z][a-zA-Z' -]+$/);
    expect(body.lastName).toMatch(/^[A-Z][a-zA-Z' -]+$/);
    expect(body.firstName).not.toBe('string');
    expect(body.email).toMatch(/^[^@\s]+@example\.com$/);
    expect(body.email).not.toBe('user@example.com');
    expect(body.createdAt).toMatch(ISO_DATE_TIME);
    expect(body.createdAt).not.toBe('2019-08-24T14:15:22Z');
    if (body.birthday !== undefined) expect(body.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (body.website !== undefined) expect(body.website).toMatch(/^https?:\/\//);
    if (body.avatarUrl !== undefined) expect(body.avatarUrl).toMatch(/^https?:\/\//);
    if (body.key !== undefined) expect(body.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    if (body.ip !== undefined) expect(body.ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
  });

  it('keeps within enum, const, bounds, lengths and a pattern', async () => {
    const t = makeApp({ specs: [PEOPLE] });
    for (let seed = 1; seed <= 5; seed++) {
      const { body } = await makeApp({ specs: [PEOPLE], seed })
        .http.get('/stats')
        .expect(200);
      expect(body.code).toMatch(/^[A-Z]{3}-\d{4}$/);
      expect(['low', 'mid', 'high']).toContain(body.level);
      expect(body.score).toBeGreaterThanOrEqual(10);
      expect(body.score).toBeLessThanOrEqual(20);
      expect(body.tags.length).toBeGreaterThanOrEqual(2);
      expect(body.tags.length).toBeLessThanOrEqual(4);
      expect(body.ref).toBe('fixed');
    }
    await t.http.get('/stats').expect(200);
  });
});

describe('deterministic by seed', () => {
  it('answers the same bytes for the same request across two starts', async () => {
    const a = await makeApp({ specs: [PEOPLE] })
      .http.get('/people/7')
      .expect(200);
    const b = await makeApp({ specs: [PEOPLE] })
      .http.get('/people/7')
      .expect(200);
    expect(b.text).toBe(a.text);
  });

  it('answers another person for another path parameter, and other values for another seed', async () => {
    const t = makeApp({ specs: [PEOPLE] });
    const seven = await t.http.get('/people/7').expect(200);
    const eight = await t.http.get('/people/8').expect(200);
    expect(eight.body.email).not.toBe(seven.body.email);
    const other = await makeApp({ specs: [PEOPLE], seed: 42 })
      .http.get('/people/7')
      .expect(200);
    expect(other.text).not.toBe(seven.text);
  });

  it('makes fresh values on each call with Prefer: dynamic=true', async () => {
    const t = makeApp({ specs: [PEOPLE] });
    const one = await t.http.get('/people/7').set('Prefer', 'dynamic=true').expect(200);
    const two = await t.http.get('/people/7').set('Prefer', 'dynamic=true').expect(200);
    expect(two.text).not.toBe(one.text);
    const plain = await t.http.get('/people/7').expect(200);
    expect((await t.http.get('/people/7').expect(200)).text).toBe(plain.text);
  });

  it('keeps the plain sample with --examples-only', async () => {
    const { body } = await makeApp({ specs: [PEOPLE], examplesOnly: true })
      .http.get('/people/7')
      .expect(200);
    expect(body.email).toBe('user@example.com');
    expect(body.firstName).toBe('string');
  });
});
