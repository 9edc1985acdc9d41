import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { checkSpecName, loadSpec, specFromDoc, type LoadedSpec } from './load-spec.js';
import { CachedCompiler, LiveCompiler, type Purpose, type SchemaCompiler } from './schema-compiler.js';
import { isPrivateDir, openPrivateDir, readVerified, sha256, writeAtomic } from './cache-files.js';
import { runCommonJs } from './code-cache.js';
import { isConfined, readableRoots } from './confine-refs.js';

// Ajv's runtime helpers, which the cached validators require, and its version.
const require = createRequire(import.meta.url);

// Bump when the shape of compiled validators or of the cache changes.
const CACHE_FORMAT = 5;
// Entries for spec versions seen before: the newest few stay, for switching back and forth.
const KEEP_ENTRIES = 4;
// What an entry holds; `digests.json`, written last, has each one's SHA-256.
const ENTRY_FILES = ['request.cjs', 'response.cjs', 'specs.json'] as const;
const DIGESTS = 'digests.json';

export interface CompiledSpecs {
  specs: LoadedSpec[];
  compiler: SchemaCompiler;
  fromCache: boolean;
  /** writes the cache after a start that compiled live, or the validators' V8 code cache after one that did not; call once start-up has used the validators */
  save(): void;
}

interface CacheEntry {
  /** each spec as loaded: bundled and upgraded, with the SHA-256 of every file its $refs read */
  docs: { doc: Record<string, any>; sourceVersion: string; includes: { path: string; sha256: string }[]; mended: number }[];
  manifest: Record<Purpose, Record<string, string>>;
}

/**
 * Loads the specs. With a cache directory, a start whose spec files are byte-for-byte
 * those of an earlier start reuses that start's parsed documents and compiled validators
 * (keyed by a hash of the files and of the versions that compile them); any change
 * compiles afresh. Without one, everything is parsed and compiled every time. A cache
 * directory another user could write to is neither read nor written (cache-files.ts).
 * `refRoots`: folders besides each spec's own that its `$ref`s may read (confine-refs.ts).
 */
export async function compileSpecs(
  paths: string[],
  cacheDir: string | undefined,
  refRoots: readonly string[] = [],
): Promise<CompiledSpecs> {
  paths.forEach(checkSpecName);
  const texts = paths.map((p) => readFileSync(p));
  const dir = cacheDir && openPrivateDir(cacheDir) ? join(cacheDir, cacheKey(paths, texts)) : undefined;
  const hit = cacheDir && dir ? readCache(dir, cacheDir, paths, refRoots) : undefined;
  if (hit) return hit;
  const specs = await Promise.all(paths.map((p) => loadSpec(p, refRoots)));
  const compiler = new LiveCompiler(specs);
  return {
    specs,
    compiler,
    fromCache: false,
    save: () => dir && writeCache(dir, specs, compiler),
  };
}

function cacheKey(paths: string[], texts: Buffer[]): string {
  const hash = createHash('sha256').update(`format ${CACHE_FORMAT} ajv ${require('ajv/package.json').version}\n`);
  // the file names too: a spec's name (its file name up to the first dot) is part of what is cached
  paths.forEach((p, i) => hash.update(`${basename(p)}\n`).update(createHash('sha256').update(texts[i]).digest()));
  return hash.digest('hex').slice(0, 32);
}

/** The entry's files, each only if it is what was written: nothing is parsed or run before that. */
function readEntryFiles(dir: string): Record<(typeof ENTRY_FILES)[number], string> | undefined {
  if (!isPrivateDir(dir)) return undefined;
  const digests = JSON.parse(readFileSync(join(dir, DIGESTS), 'utf8')) as Record<string, string>;
  const out: Partial<Record<(typeof ENTRY_FILES)[number], string>> = {};
  for (const name of ENTRY_FILES) {
    const text = readVerified(join(dir, name), digests[name]);
    if (text === undefined) return undefined;
    out[name] = text;
  }
  return out as Record<(typeof ENTRY_FILES)[number], string>;
}

/** The entry in `dir`, if complete and unaltered; `cacheDir` also keeps the validators' V8 code cache. */
function readCache(dir: string, cacheDir: string, paths: string[], refRoots: readonly string[]): CompiledSpecs | undefined {
  try {
    const files = readEntryFiles(dir);
    if (!files) return undefined;
    const entry = JSON.parse(files['specs.json']) as CacheEntry;
    // a file outside the folders refs may read now (refRoots changed): compile afresh, which names the ref
    const outside = (d: CacheEntry['docs'][number], i: number) =>
      d.includes.some((x) => !isConfined(x.path, readableRoots(paths[i], refRoots)));
    if (entry.docs.some(outside)) return undefined;
    // a file that a spec's $refs read has changed since: compile afresh
    if (entry.docs.some((d) => d.includes.some((i) => !sameFile(i.path, i.sha256)))) return undefined;
    const specs = entry.docs.map((d, i) =>
      specFromDoc(
        paths[i],
        d.doc,
        d.sourceVersion,
        d.includes.map((x) => x.path),
        d.mended,
      ),
    );
    // Code this program generated itself, verified above; V8's code cache skips parsing it again.
    const run = (name: 'request.cjs' | 'response.cjs') => runCommonJs(files[name], join(dir, name), require, cacheDir);
    const code = { request: run('request.cjs'), response: run('response.cjs') };
    const modules = { request: code.request.exports, response: code.response.exports } as Record<Purpose, Record<string, ValidateFunction>>;
    const save = () => {
      code.request.saveCodeCache();
      code.response.saveCodeCache();
    };
    return { specs, compiler: new CachedCompiler(specs, modules, entry.manifest), fromCache: true, save };
  } catch {
    return undefined; // no cache yet, or an unreadable one: compile afresh
  }
}

function writeCache(dir: string, specs: LoadedSpec[], compiler: LiveCompiler): void {
  try {
    const { code, manifest } = compiler.exportCode();
    if (!openPrivateDir(dir)) return;
    const docs = specs.map((s) => ({
      doc: s.doc,
      sourceVersion: s.sourceVersion,
      includes: s.includes.map((path) => ({ path, sha256: sha256(readFileSync(path)) })),
      mended: s.mended,
    }));
    const entry: CacheEntry = { docs, manifest };
    const texts = { 'request.cjs': code.request, 'response.cjs': code.response, 'specs.json': JSON.stringify(entry) };
    const digests: Record<string, string> = {};
    for (const name of ENTRY_FILES) digests[name] = writeAtomic(join(dir, name), texts[name]);
    // The digests last: an entry is complete only once they exist.
    writeAtomic(join(dir, DIGESTS), JSON.stringify(digests));
    pruneOldEntries(dirname(dir));
  } catch {
    // A read-only install simply starts without a cache.
  }
}

function sameFile(path: string, digest: string): boolean {
  try {
    return sha256(readFileSync(path)) === digest;
  } catch {
    return false;
  }
}

function pruneOldEntries(cacheDir: string): void {
  const entries = readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{32}$/.test(e.name))
    .map((e) => ({ path: join(cacheDir, e.name), at: statSync(join(cacheDir, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of entries.slice(KEEP_ENTRIES)) rmSync(old.path, { recursive: true, force: true });
}
