import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ROOT, customerToken, makeApp } from '../support/make-app.js';
import { defaultConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { createLogger } from '../../src/log/create-logger.js';

/** A copy of the specs a test may edit. */
function editSpecs(edit: (docs: { commerce: any; social: any }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-specs-'));
  cpSync(join(ROOT, 'specs'), dir, { recursive: true });
  const read = (f: string) => parse(readFileSync(join(dir, f), 'utf8'));
  const docs = { commerce: read('commerce.openapi.yaml'), social: read('social.openapi.yaml') };
  edit(docs);
  writeFileSync(join(dir, 'commerce.openapi.yaml'), stringify(docs.commerce));
  writeFileSync(join(dir, 'social.openapi.yaml'), stringify(docs.social));
  return dir;
}

function startWith(specsDir: string) {
  return () =>
    createRuntime({
      config: { ...defaultConfig(ROOT), specsDir, state: 'memory', cacheDir: undefined },
      store: new MemoryStore(),
      log: createLogger('silent'),
    });
}

const wishlist = {
  operationId: 'getMyWishlist',
  summary: "The customer's wishlist",
  'x-authmock-permission': 'self',
  responses: {
    '200': {
      description: 'The wishlist',
      content: {
        'application/json': {
          schema: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'string' } } } },
          example: { items: ['24-MB01', '24-MB04'] },
        },
      },
    },
    '401': { $ref: '#/components/responses/SelfNotAuthorized' },
    default: { $ref: '#/components/responses/UnexpectedError' },
  },
};

describe('an operation added to a spec', () => {
  it('is served from its example, with its permission enforced, without code', async () => {
    const specsDir = editSpecs(({ commerce }) => {
      commerce.paths['/V1/wishlist/me'] = { get: wishlist };
    });
    const t = makeApp({ specsDir });
    const anonymous = await t.http.get('/rest/V1/wishlist/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } });
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/wishlist/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: ['24-MB01', '24-MB04'] });
    const xml = await t.http.get('/rest/V1/wishlist/me').set('Authorization', `Bearer ${token}`).set('Accept', 'application/xml');
    expect(xml.text).toContain('<item>24-MB01</item>');
  });
});

describe('an operation the spec leaves incomplete', () => {
  it('is served without an operationId under a name made of its method and path, with a warning', async () => {
    const specsDir = editSpecs(({ commerce }) => {
      delete commerce.paths['/V1/directory/currency'].get.operationId;
    });
    const runtime = await startWith(specsDir)();
    const commerce = runtime.apis.find((a) => a.name === 'commerce')!;
    expect(commerce.model.operations.map((o) => o.operationId)).toContain('getV1DirectoryCurrency');
    expect(runtime.warnings.join('\n')).toMatch(/GET \/V1\/directory\/currency has no operationId; it is called getV1DirectoryCurrency/);
  });

  it('answers from its schema when it shows no example', async () => {
    const specsDir = editSpecs(({ commerce }) => {
      const op = structuredClone(wishlist) as any;
      delete op.responses['200'].content['application/json'].example;
      commerce.paths['/V1/wishlist/me'] = { get: op };
    });
    const t = makeApp({ specsDir });
    const token = await customerToken(t);
    const res = await t.http.get('/rest/V1/wishlist/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    // made from the schema (an array of strings): realistic words, not openapi-sampler's "string" placeholder
    expect(Object.keys(res.body)).toEqual(['items']);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) expect(item).toMatch(/^[a-z][a-z' -]*$/i);
    expect(res.body.items).not.toContain('string');
  });
});

describe('a spec that cannot be served stops the start', () => {
  it('names the file, the JSON pointer and the operation for a schema that does not compile', async () => {
    const specsDir = editSpecs(({ commerce }) => {
      commerce.paths['/V1/customers/me'].get.responses['200'] = {
        description: 'broken',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/NoSuchSchema' } } },
      };
    });
    await expect(startWith(specsDir)()).rejects.toThrowError(
      /commerce\.openapi\.yaml#\/paths\/~1V1~1customers~1me\/get\/responses\/200.*getCurrentCustomer/,
    );
  });

  it('names a duplicate operationId with both places', async () => {
    const specsDir = editSpecs(({ social }) => {
      social.paths['/socialapi/user/get/profile'].get.operationId = 'login';
    });
    await expect(startWith(specsDir)()).rejects.toThrowError(
      /social\.openapi\.yaml#\/paths\/~1socialapi~1user~1get~1profile\/get \(operation login\): duplicate operationId \(also at \/paths\/~1socialapi~1auth~1post~1login\/post\)/,
    );
  });

  it('names an operation whose permission is not valid data', async () => {
    const specsDir = editSpecs(({ commerce }) => {
      commerce.paths['/V1/customers/me'].get['x-authmock-permission'] = 'everyone';
    });
    await expect(startWith(specsDir)()).rejects.toThrowError(/x-authmock-permission.*getCurrentCustomer.*everyone/);
  });

  it('names a handler whose operation the spec does not have', async () => {
    const start = createRuntime({
      config: { ...defaultConfig(ROOT), state: 'memory', cacheDir: undefined },
      store: new MemoryStore(),
      log: createLogger('silent'),
      handlers: { commerce: { getMyWishlist: () => ({ status: 200, body: {} }) } },
    });
    await expect(start).rejects.toThrowError(
      /commerce\.openapi\.yaml#\/paths \(operation getMyWishlist\): a handler exists for this operationId/,
    );
  });

  it('names a fixture record that does not match the spec schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-fixtures-'));
    cpSync(join(ROOT, 'fixtures'), dir, { recursive: true });
    const commerce = parse(readFileSync(join(dir, 'commerce.yaml'), 'utf8'));
    commerce.customers[0].record.id = 'one';
    writeFileSync(join(dir, 'commerce.yaml'), stringify(commerce));
    const start = () =>
      createRuntime({
        config: { ...defaultConfig(ROOT), fixturesDir: dir, state: 'memory', cacheDir: undefined },
        store: new MemoryStore(),
        log: createLogger('silent'),
      });
    await expect(start()).rejects.toThrowError(/commerce\.yaml customers\[0\]\.record: does not match the spec schema: \/id/);
  });
});
