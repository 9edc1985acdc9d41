import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpecs } from '../../src/spec/compile-specs.js';
import { ROOT, customerToken, makeApp } from '../support/make-app.js';

const paths = (dir: string) => ['commerce.openapi.yaml', 'social.openapi.yaml'].map((f) => join(dir, f));

describe('the compile cache', () => {
  it('reuses the parsed specs and compiled validators of an earlier start with the same files', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const first = compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
    expect(first.fromCache).toBe(false);
    const ref = `${first.specs[0].id}#/components/schemas/LoginCredentials`;
    const live = first.compiler.ref('request', ref);
    first.save();

    const second = compileSpecs(paths(join(ROOT, 'specs')), cacheDir);
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

  it('compiles afresh when a spec file changes', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const specs = mkdtempSync(join(tmpdir(), 'authmock-specs-'));
    cpSync(join(ROOT, 'specs'), specs, { recursive: true });
    compileSpecs(paths(specs), cacheDir).save();
    const file = join(specs, 'social.openapi.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Social network login API', 'title: Social network login API v2'));
    const again = compileSpecs(paths(specs), cacheDir);
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
  it('keeps only the newest few entries', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    const specs = mkdtempSync(join(tmpdir(), 'authmock-specs-'));
    cpSync(join(ROOT, 'specs'), specs, { recursive: true });
    const file = join(specs, 'social.openapi.yaml');
    const original = readFileSync(file, 'utf8');
    for (let i = 0; i < 6; i++) {
      writeFileSync(file, original.replace('title: Social network login API', `title: Social network login API ${i}`));
      compileSpecs(paths(specs), cacheDir).save();
    }
    expect(readdirSync(cacheDir)).toHaveLength(4);
  });
});

describe('the fixture cache', () => {
  it('serves the same accounts from a cached JSON copy of the fixture files', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-cache-'));
    makeApp({ cacheDir });
    expect(readdirSync(join(cacheDir, 'yaml'))).toHaveLength(2);
    const t = makeApp({ cacheDir });
    await customerToken(t);
  });
});
