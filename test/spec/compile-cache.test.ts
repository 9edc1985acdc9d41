import { appendFileSync, chmodSync, chownSync, cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileSpecs } from '../../src/spec/compile-specs.js';
import type { CachedCompiler } from '../../src/spec/schema-compiler.js';
import { readYamlCached } from '../../src/spec/parse-yaml.js';
import { ROOT, customerToken, makeApp } from '../support/make-app.js';

const paths = (dir: string) => ['commerce.openapi.yaml', 'social.openapi.yaml'].map((f) => join(dir, f));

describe('the compile cache', () => {
  it('reuses the parsed specs and compiled validators of an earlier start with the same files', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const first = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(first.fromCache).toBe(false);
    const ref = `${first.specs[0].id}#/components/schemas/LoginCredentials`;
    const live = first.compiler.ref('request', ref);
    first.save();

    const second = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(second.fromCache).toBe(true);
    expect(second.specs.map((s) => s.doc)).toEqual(first.specs.map((s) => s.doc));
    const cached = second.compiler.ref('request', ref);
    for (const body of [{ username: 'a', password: 'b' }, { username: 'a' }, { username: ['x'], password: 1 }]) {
      const a = structuredClone(body);
      const b = structuredClone(body);
      expect(cached(b)).toBe(live(a));
      expect(b).toEqual(a); // the same coercion
      expect(cached.errors).toEqual(live.errors);
    }
  });

  it("keeps the cached validators' compiled code (V8 code cache) once a start from the cache has used them", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const first = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    const refs = ['LoginCredentials', 'Customer'].map((name) => `${first.specs[0].id}#/components/schemas/${name}`);
    first.compiler.ref('request', refs[0]);
    first.compiler.ref('response', refs[1]);
    first.save();
    const hit = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(hit.compiler.ref('request', refs[0])({ username: 'a', password: 'b' })).toBe(true);
    hit.save();
    const codeCaches = () => readdirSync(join(cacheDir, 'code')).filter((f) => f.endsWith('.v8'));
    expect(codeCaches()).toHaveLength(2); // request and response validators
    const again = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    again.save();
    expect(again.fromCache).toBe(true);
    expect(codeCaches()).toHaveLength(2);
  });

  it('keeps what a start from the cache compiled besides as a layer, which the next start loads instead of compiling', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const first = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    const [login, customer] = ['LoginCredentials', 'Customer'].map((name) => `${first.specs[0].id}#/components/schemas/${name}`);
    first.compiler.ref('request', login);
    first.save();

    const second = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    const live = second.compiler.ref('response', customer); // not in the entry: compiled now
    expect((second.compiler as CachedCompiler).live).toBeDefined();
    second.save();
    second.save(); // nothing new: no second layer
    expect(
      readdirSync(onlyEntry(cacheDir))
        .filter((f) => f.startsWith('more-'))
        .sort(),
    ).toEqual(['more-1.digests.json', 'more-1.manifest.json', 'more-1.request.cjs', 'more-1.response.cjs']);

    const third = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    const cached = third.compiler.ref('response', customer);
    expect(third.compiler.ref('request', login)({ username: 'a', password: 'b' })).toBe(true);
    expect((third.compiler as CachedCompiler).live).toBeUndefined();
    for (const body of [{ id: 1, email: 'a@example.com', firstname: 'A', lastname: 'B' }, { id: 'x' }]) {
      expect(cached(structuredClone(body))).toBe(live(structuredClone(body)));
      expect(cached.errors).toEqual(live.errors);
    }
  });

  it('never runs a layer that differs from what it wrote, nor one written on top of another entry', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    const customer = (c: Awaited<ReturnType<typeof compileSpecs>>) =>
      c.compiler.ref('response', `${c.specs[0].id}#/components/schemas/Customer`);
    const second = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    customer(second);
    second.save();
    const entry = onlyEntry(cacheDir);
    tamper(join(entry, 'more-1.response.cjs'));
    const third = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    customer(third);
    expect(tamperRan()).toBe(false);
    expect((third.compiler as CachedCompiler).live).toBeDefined();

    // an entry written again (here: its code altered, so compiled afresh) drops the layers of the old one
    tamper(join(entry, 'request.cjs'));
    const fourth = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(fourth.fromCache).toBe(false);
    fourth.save();
    expect(readdirSync(entry).filter((f) => f.startsWith('more-'))).toEqual([]);
    expect(tamperRan()).toBe(false);
  });

  it('compiles afresh when a spec file changes', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const specs = mkdtempSync(join(tmpdir(), 'authmock-specs-'));
    cpSync(join(ROOT, 'specs'), specs, { recursive: true });
    (await await compileSpecs(paths(specs), cacheDir)).save();
    const file = join(specs, 'social.openapi.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Social network login API', 'title: Social network login API v2'));
    const again = await await compileSpecs(paths(specs), cacheDir);
    expect(again.fromCache).toBe(false);
    expect(again.specs[1].doc.info.title).toBe('Social network login API v2');
    again.save();
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it('serves the same answers from cached validators', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    makeApp({ cacheDir });
    const t = makeApp({ cacheDir });
    const missing = await t.http.post('/rest/V1/integration/customer/token').send({ username: 'x' });
    expect(missing.body).toEqual({ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'password' } });
    const token = await customerToken(t);
    const me = await t.http.get('/rest/V1/customers/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
  });
});

describe('the compile cache directory', () => {
  it('keeps only the newest few entries', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const specs = mkdtempSync(join(tmpdir(), 'authmock-specs-'));
    cpSync(join(ROOT, 'specs'), specs, { recursive: true });
    const file = join(specs, 'social.openapi.yaml');
    const original = readFileSync(file, 'utf8');
    for (let i = 0; i < 6; i++) {
      writeFileSync(file, original.replace('title: Social network login API', `title: Social network login API ${i}`));
      (await await compileSpecs(paths(specs), cacheDir)).save();
    }
    expect(readdirSync(cacheDir)).toHaveLength(4);
  });
});

describe('the fixture cache', () => {
  it('serves the same accounts from a cached JSON copy of the fixture files', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    await makeApp({ cacheDir }).app.ready;
    expect(readdirSync(join(cacheDir, 'yaml')).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    const t = makeApp({ cacheDir });
    await customerToken(t);
  });
});

/** The one entry (spec-hash directory) of a cache that has seen one version of the specs. */
function onlyEntry(cacheDir: string): string {
  const entries = readdirSync(cacheDir).filter((e) => /^[0-9a-f]{32}$/.test(e));
  expect(entries).toHaveLength(1);
  return join(cacheDir, entries[0]);
}

const TAMPER_FLAG = '__authmockTamperedCacheRan';
const tamper = (file: string) => appendFileSync(file, `\nglobalThis.${TAMPER_FLAG} = true;\n`);
const tamperRan = () => (globalThis as Record<string, unknown>)[TAMPER_FLAG] === true;

describe('the compile cache, against tampering', () => {
  it('creates its directories private to the user (0700)', async () => {
    const cacheDir = join(mkdtempSync(join(tmpdir(), 'authmock-cache-')), 'new', 'cache');
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(statSync(onlyEntry(cacheDir)).mode & 0o777).toBe(0o700);
    expect(readdirSync(onlyEntry(cacheDir)).sort()).toEqual(['digests.json', 'request.cjs', 'response.cjs', 'specs.json']);
  });

  it.each(['request.cjs', 'response.cjs'])('never runs a %s that differs from what it wrote, and compiles afresh', async (name) => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    tamper(join(onlyEntry(cacheDir), name));
    const again = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(again.fromCache).toBe(false);
    expect(tamperRan()).toBe(false);
    again.save(); // writes the entry afresh: the next start uses it again
    expect((await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).fromCache).toBe(true);
  });

  it('does not trust a specs.json that differs from what it wrote', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    const file = join(onlyEntry(cacheDir), 'specs.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Social network login API', 'Forged API'));
    const again = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(again.fromCache).toBe(false);
    expect(again.specs[1].doc.info.title).toBe('Social network login API');
  });

  it('neither reads nor writes a cache directory others can write to', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    tamper(join(onlyEntry(cacheDir), 'request.cjs'));
    // Someone else could have written the code and its digest alike: nothing in here counts.
    const entry = onlyEntry(cacheDir);
    const digests = JSON.parse(readFileSync(join(entry, 'digests.json'), 'utf8'));
    digests['request.cjs'] = createHash('sha256')
      .update(readFileSync(join(entry, 'request.cjs')))
      .digest('hex');
    writeFileSync(join(entry, 'digests.json'), JSON.stringify(digests));
    chmodSync(cacheDir, 0o777);
    const again = await compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(again.fromCache).toBe(false);
    expect(tamperRan()).toBe(false);

    const fresh = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    chmodSync(fresh, 0o775);
    (await compileSpecs(paths(join(ROOT, 'specs')), fresh)).save();
    expect(readdirSync(fresh)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('neither reads nor writes a cache directory of another user', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    chownSync(cacheDir, 65534, 65534);
    (await compileSpecs(paths(join(ROOT, 'specs')), cacheDir)).save();
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('reads a YAML file afresh when its cached JSON copy was changed', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const file = join(mkdtempSync(join(tmpdir(), 'authmock-yaml-')), 'accounts.yaml');
    writeFileSync(file, 'customers:\n  - email: roni@example.com\n');
    expect(readYamlCached(file, cacheDir)).toEqual({ customers: [{ email: 'roni@example.com' }] });
    const copy = readdirSync(join(cacheDir, 'yaml')).find((f) => f.endsWith('.json'))!;
    writeFileSync(join(cacheDir, 'yaml', copy), JSON.stringify({ customers: [{ email: 'mallory@example.com' }] }));
    expect(readYamlCached(file, cacheDir)).toEqual({ customers: [{ email: 'roni@example.com' }] });
  });
});
