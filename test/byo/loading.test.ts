import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { createLogger } from '../../src/log/create-logger.js';
import { ROOT, makeApp } from '../support/make-app.js';

const spec = (...parts: string[]) => join(import.meta.dirname, 'specs', ...parts);
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function start(specs: string[]) {
  return createRuntime({
    config: { ...defaultConfig(ROOT), specs, state: 'memory', cacheDir: undefined },
    store: new MemoryStore(),
    log: createLogger('silent'),
  });
}

describe('loading a spec as users hand it over', () => {
  it('converts Swagger 2.0 on load: basePath as the mount, security definitions as schemes, body parameters as a request body', async () => {
    const t = makeApp({ specs: [spec('legacy.swagger.json')] });
    const item = await t.http.get('/legacy/items/7').set('Authorization', basic('carol', 'carol-pass-1')).expect(200);
    expect(item.body).toEqual({ id: 7, name: 'lamp', note: null }); // x-nullable became a null type
    await t.http.get('/legacy/items/7').set('X-Token', 'legacy-token-1').expect(200);
    await t.http.get('/legacy/items/7').expect(401);
    await t.http.get('/legacy/items/seven').set('X-Token', 'legacy-token-1').expect(400);
    const model = (await t.runtime).apis[0].model;
    expect(model.spec.sourceVersion).toBe('2.0');
    expect([...model.schemes.values()].map((s) => s.type)).toEqual(['http', 'apiKey', 'oauth2']);
    const token = (await t.http.post('/__authmock/tokens').send({ api: 'legacy', user: 'carol' }).expect(201)).body.token;
    await t.http.post('/legacy/items').set('Authorization', `Bearer ${token}`).send({ id: 1, name: 'desk' }).expect(201);
    await t.http.post('/legacy/items').set('Authorization', `Bearer ${token}`).send({ id: 'one' }).expect(400);
  });

  it("brings in $refs to other files (relative to the spec) and upgrades OpenAPI 3.0's nullable", async () => {
    const t = makeApp({ specs: [spec('split', 'split.openapi.yaml')] });
    const res = await t.http.get('/split/things/1').expect(200);
    expect(res.body).toEqual({ id: 1, name: 'widget' });
    await t.http.get('/split/things/0').expect(400); // the parameter's schema, from parameters.yaml
    const model = (await t.runtime).apis[0].model;
    expect(model.spec.includes.map((f) => f.replace(/.*\/split\//, ''))).toEqual(['parameters.yaml', 'schemas/thing.yaml']);
  });

  it('serves a spec that declares no security open, and says so', async () => {
    const t = makeApp({ specs: [spec('open.openapi.yaml')] });
    await t.http.get('/status').expect(200);
    const { apis } = await t.runtime;
    expect(apis[0].model.open).toBe(true);
  });

  it('checks declared header parameters (names read case-insensitively) as it checks query ones', async () => {
    const t = makeApp({ specs: [spec('open.openapi.yaml')] });
    await t.http.get('/modes').set('x-mode', 'a').set('X-Count', '2').expect(200);
    const missing = await t.http.get('/modes').expect(400);
    expect(JSON.stringify(missing.body)).toContain('X-Mode');
    await t.http.get('/modes').set('X-Mode', 'zzz').expect(400);
    await t.http.get('/modes').set('X-Mode', 'b').set('X-Count', '0').expect(400);
    const [entry] = (await t.http.get('/__authmock/requests?limit=1').expect(200)).body;
    expect(entry.invalid).toMatchObject({ place: 'header' });
  });

  it('names a file that is not YAML once, with its line and column, and a document without an openapi field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-bad-spec-'));
    writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\npaths: {}\n');
    writeFileSync(join(dir, 'empty.yaml'), '{}\n');
    await expect(start([join(dir, 'bad.yaml')])).rejects.toThrowError(
      /^bad\.yaml: is not valid YAML or JSON at line \d+, column \d+: Nested mappings are not allowed in compact mappings$/,
    );
    await expect(start([join(dir, 'empty.yaml')])).rejects.toThrowError(/empty\.yaml#\/openapi: .*it has no openapi \(or swagger\) field$/);
  });

  it('stops the start naming a spec whose name a control path could not carry (a space, a percent sign)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-spec-name-'));
    writeFileSync(join(dir, 'My API.yaml'), 'openapi: 3.1.0\ninfo: { title: x, version: 1 }\npaths: {}\n');
    await expect(start([join(dir, 'My API.yaml')])).rejects.toThrowError(/^My API\.yaml: its name "My API" .* rename the file$/);
  });

  it('stops the start naming the file, the place and the problem of a $ref that goes nowhere', async () => {
    await expect(start([spec('broken-ref.openapi.yaml')])).rejects.toThrowError(
      /broken-ref\.openapi\.yaml#\/paths\/~1widgets\/get\/responses\/200\/content\/application~1json\/schema \(operation listWidgets\): schema does not compile: .*Widget/,
    );
  });

  it('stops the start naming both files and the operation when two specs serve the same route', async () => {
    await expect(start([spec('schemes.openapi.yaml'), spec('clash.openapi.yaml')])).rejects.toThrowError(
      /schemes\.openapi\.yaml \(withBasic\) and clash\.openapi\.yaml \(otherBasic\) both serve GET \/v1\/basic/,
    );
  });

  it("serves what vendors' specs contain: draft-04 tuples, nullable beside $ref, a Java regex flag, an example with an $id", async () => {
    const t = makeApp({ specs: [spec('quirks.openapi.yaml')] });
    const res = await t.http.get('/accounts/DEADbeef').expect(200); // RE2 reads the (?i) flag
    await t.http.get('/accounts/anything').expect(400);
    expect(res.body).toMatchObject({ owner: null, pair: ['a', 1], tags: ['x'] });
    const { warnings } = await t.runtime;
    expect(warnings).toContain(
      'quirks: 3 schemas written for an older JSON Schema (list items, nullable beside $ref) were read as 2020-12',
    );
  });

  it('serves a built-in API by name beside a spec', async () => {
    const t = makeApp({ specs: [spec('open.openapi.yaml'), 'commerce'] });
    await t.http.get('/status').expect(200);
    await t.http.get('/rest/V1/directory/currency').expect(200);
    expect((await t.runtime).apis.map((a) => a.name)).toEqual(['open', 'commerce']);
  });
});
