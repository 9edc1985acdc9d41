import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommonJs } from './code-cache.js';

const require = createRequire(import.meta.url);
const SOURCE = 'const { basename } = require("node:path");\nexports.name = (p) => basename(p);\nexports.answer = 41 + 1;\n';
const run = (source: string, cacheDir: string | undefined) => runCommonJs(source, '/virtual/module.cjs', require, cacheDir);
const cacheFiles = (cacheDir: string) => readdirSync(join(cacheDir, 'code')).filter((f) => f.endsWith('.v8'));

describe('CommonJS code run with a V8 code cache', () => {
  it('runs the code with the require given, and reuses the compiled code the next time', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-code-'));
    const first = run(SOURCE, cacheDir);
    expect(first.exports.answer).toBe(42);
    expect(first.exports.name('/a/b.txt')).toBe('b.txt');
    expect(first.fromCache).toBe(false);
    first.saveCodeCache();
    expect(cacheFiles(cacheDir)).toHaveLength(1);

    const second = run(SOURCE, cacheDir);
    expect(second.fromCache).toBe(true);
    expect(second.exports.name('/x/y')).toBe('y');
    second.saveCodeCache(); // nothing to write: the cache was used
    expect(cacheFiles(cacheDir)).toHaveLength(1);
  });

  it('writes the cache again once when asked, with the functions compiled since it was read', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-code-'));
    const lazy = `${SOURCE}exports.later = () => { const parts = []; for (let i = 0; i < 3; i++) parts.push(i * 2); return parts.join(','); };\n`;
    run(lazy, cacheDir).saveCodeCache();
    const file = join(cacheDir, 'code', cacheFiles(cacheDir)[0]);
    const before = readFileSync(file);
    const used = run(lazy, cacheDir);
    expect(used.fromCache).toBe(true);
    expect(used.exports.later()).toBe('0,2,4'); // compiled now, after the cache was made
    used.saveCodeCache(true);
    const after = readFileSync(file);
    expect(after.equals(before)).toBe(false);
    used.saveCodeCache(true); // once only
    expect(readFileSync(file).equals(after)).toBe(true);
    expect(run(lazy, cacheDir).fromCache).toBe(true);
  });

  it('never uses the cache of other code, even of the same length (V8 checks only the length)', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-code-'));
    run(SOURCE, cacheDir).saveCodeCache();
    const other = run(SOURCE.replace('41 + 1', '41 + 2'), cacheDir);
    expect(other.fromCache).toBe(false);
    expect(other.exports.answer).toBe(43);
  });

  it('compiles afresh when the cache differs from what was written', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-code-'));
    run(SOURCE, cacheDir).saveCodeCache();
    const file = join(cacheDir, 'code', cacheFiles(cacheDir)[0]);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(file, bytes);
    const again = run(SOURCE, cacheDir);
    expect(again.fromCache).toBe(false);
    expect(again.exports.answer).toBe(42);
    again.saveCodeCache(); // rewritten: the next start uses it again
    expect(run(SOURCE, cacheDir).fromCache).toBe(true);
  });

  it('neither reads nor writes a cache directory others can write to', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'authmock-code-'));
    chmodSync(cacheDir, 0o777);
    const loaded = run(SOURCE, cacheDir);
    loaded.saveCodeCache();
    expect(loaded.exports.answer).toBe(42);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('runs without a cache directory', () => {
    const loaded = run(SOURCE, undefined);
    loaded.saveCodeCache();
    expect(loaded).toMatchObject({ fromCache: false, exports: { answer: 42 } });
  });
});
