import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { loadSpec, specFromDoc, type LoadedSpec } from './load-spec.js';
import { CachedCompiler, LiveCompiler, type Purpose, type SchemaCompiler } from './schema-compiler.js';

// Bump when the shape of compiled validators or of the cache changes.
const CACHE_FORMAT = 1;
// Entries for spec versions seen before: the newest few stay, for switching back and forth.
const KEEP_ENTRIES = 4;

export interface CompiledSpecs {
  specs: LoadedSpec[];
  compiler: SchemaCompiler;
  fromCache: boolean;
  /** writes the cache after a start that compiled live (no-op otherwise) */
  save(): void;
}

interface CacheEntry {
  docs: { file: string; doc: Record<string, any> }[];
  manifest: Record<Purpose, Record<string, string>>;
}

/**
 * Loads the specs. With a cache directory, a start whose spec files are byte-for-byte
 * those of an earlier start reuses that start's parsed documents and compiled validators
 * (keyed by a hash of the files and of the versions that compile them); any change
 * compiles afresh. Without one, everything is parsed and compiled every time.
 */
export function compileSpecs(paths: string[], cacheDir: string | undefined): CompiledSpecs {
  const texts = paths.map((p) => readFileSync(p));
  const dir = cacheDir ? join(cacheDir, cacheKey(texts)) : undefined;
  if (dir) {
    const hit = readCache(dir);
    if (hit) return hit;
  }
  const specs = paths.map((p) => loadSpec(p));
  const compiler = new LiveCompiler(specs);
  return {
    specs,
    compiler,
    fromCache: false,
    save: () => dir && writeCache(dir, specs, compiler),
  };
}

function cacheKey(texts: Buffer[]): string {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256').update(`format ${CACHE_FORMAT} ajv ${require('ajv/package.json').version}\n`);
  for (const t of texts) hash.update(createHash('sha256').update(t).digest());
  return hash.digest('hex').slice(0, 32);
}

function readCache(dir: string): CompiledSpecs | undefined {
  try {
    const entry = JSON.parse(readFileSync(join(dir, 'specs.json'), 'utf8')) as CacheEntry;
    const code = { request: readFileSync(join(dir, 'request.cjs'), 'utf8'), response: readFileSync(join(dir, 'response.cjs'), 'utf8') };
    const specs = entry.docs.map((d) => specFromDoc(d.file, d.doc));
    return { specs, compiler: new CachedCompiler(specs, code, entry.manifest), fromCache: true, save: () => {} };
  } catch {
    return undefined; // no cache yet, or an unreadable one: compile afresh
  }
}

function writeCache(dir: string, specs: LoadedSpec[], compiler: LiveCompiler): void {
  try {
    const { code, manifest } = compiler.exportCode();
    mkdirSync(dir, { recursive: true });
    const entry: CacheEntry = { docs: specs.map((s) => ({ file: s.file, doc: s.doc })), manifest };
    // specs.json last: a cache is complete only once it exists.
    atomicWrite(join(dir, 'request.cjs'), code.request);
    atomicWrite(join(dir, 'response.cjs'), code.response);
    atomicWrite(join(dir, 'specs.json'), JSON.stringify(entry));
    pruneOldEntries(dirname(dir));
  } catch {
    // A read-only install simply starts without a cache.
  }
}

function pruneOldEntries(cacheDir: string): void {
  const entries = readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{32}$/.test(e.name))
    .map((e) => ({ path: join(cacheDir, e.name), at: statSync(join(cacheDir, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of entries.slice(KEEP_ENTRIES)) rmSync(old.path, { recursive: true, force: true });
}

function atomicWrite(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
