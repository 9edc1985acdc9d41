import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { checkSpecName, loadSpec, specFromDoc, type LoadedSpec } from './load-spec.js';
import { CachedCompiler, LiveCompiler, type LoadedValidators, type Purpose, type SchemaCompiler } from './schema-compiler.js';
import { isPrivateDir, openPrivateDir, readVerified, sha256, writeAtomic } from './cache-files.js';
import { runCommonJs, type CommonJsModule } from './code-cache.js';
import { isConfined, readableRoots } from './confine-refs.js';

// Ajv's runtime helpers, which the cached validators require, and its version.
const require = createRequire(import.meta.url);

// Bump when the shape of compiled validators or of the cache changes.
const CACHE_FORMAT = 6;
// Entries for spec versions seen before: the newest few stay, for switching back and forth.
const KEEP_ENTRIES = 4;
// What an entry holds; `digests.json`, written last, has each one's SHA-256.
const ENTRY_FILES = ['request.cjs', 'response.cjs', 'specs.json'] as const;
const DIGESTS = 'digests.json';
// Validators later starts compiled besides (a made answer's check, a collection's item): a layer each, `more-<n>.*`.
const LAYER_FILES = ['request.cjs', 'response.cjs', 'manifest.json'] as const;
const MAX_LAYERS = 32;
const LAYER_DIGESTS = /^more-(\d+)\.digests\.json$/;

export interface CompiledSpecs {
  specs: LoadedSpec[];
  compiler: SchemaCompiler;
  fromCache: boolean;
  /**
   * writes what this process compiled that the cache lacks (the whole entry after a start
   * that found none, else a layer of what it compiled besides) and the loaded validators'
   * V8 code cache; call once start-up has used the validators, and again at the end
   */
  save(): void;
}

interface CacheEntry {
  /** each spec as loaded: bundled and upgraded, with the SHA-256 of every file its $refs read */
  docs: {
    doc: Record<string, any>;
    sourceVersion: string;
    includes: { path: string; sha256: string }[];
    mended: number;
    booleanBounds: readonly string[];
  }[];
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
  let saved: Record<Purpose, number> | undefined; // what the cache holds of `compiler`
  const save = () => {
    if (!dir) return;
    if (saved) saved = writeLayer(dir, compiler, saved);
    else {
      writeCache(dir, specs, compiler);
      saved = compiler.count();
    }
  };
  return { specs, compiler, fromCache: false, save };
}

function cacheKey(paths: string[], texts: Buffer[]): string {
  const hash = createHash('sha256').update(`format ${CACHE_FORMAT} ajv ${require('ajv/package.json').version}\n`);
  // the file names too: a spec's name (its file name up to the first dot) is part of what is cached
  paths.forEach((p, i) => hash.update(`${basename(p)}\n`).update(createHash('sha256').update(texts[i]).digest()));
  return hash.digest('hex').slice(0, 32);
}

/** The entry's files (and its digests' text), each only if it is what was written: nothing is parsed or run before that. */
function readEntryFiles(dir: string): Record<(typeof ENTRY_FILES)[number] | typeof DIGESTS, string> | undefined {
  if (!isPrivateDir(dir)) return undefined;
  const digestsText = readFileSync(join(dir, DIGESTS), 'utf8');
  const files = readVerifiedFiles(dir, ENTRY_FILES, JSON.parse(digestsText) as Record<string, string>);
  return files && { ...files, [DIGESTS]: digestsText };
}

/** Each file of `names` in `dir`, if its SHA-256 is the one `digests` records. */
function readVerifiedFiles<N extends string>(
  dir: string,
  names: readonly N[],
  digests: Record<string, string>,
  prefix = '',
): Record<N, string> | undefined {
  const out: Partial<Record<N, string>> = {};
  for (const name of names) {
    const text = readVerified(join(dir, `${prefix}${name}`), digests[name]);
    if (text === undefined) return undefined;
    out[name] = text;
  }
  return out as Record<N, string>;
}

/** Standalone validators as written: the entry's own, or a layer's (their files, code and manifest). */
interface Layer {
  names: Record<Purpose, string>;
  code: Record<Purpose, string>;
  manifest: LoadedValidators['manifest'];
}

/** The numbers of the layers `dir` has the digests of, lowest first. */
function layerNumbers(dir: string): number[] {
  return readdirSync(dir)
    .map((name) => LAYER_DIGESTS.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The entry's complete layers, oldest first: each written on top of exactly this entry (its digests name the entry's). */
function readLayers(dir: string, entryDigests: string): Layer[] {
  const base = sha256(entryDigests);
  const layers: Layer[] = [];
  for (const n of layerNumbers(dir)) {
    try {
      const digests = JSON.parse(readFileSync(join(dir, `more-${n}.digests.json`), 'utf8')) as Record<string, string>;
      if (digests.entry !== base) continue;
      const files = readVerifiedFiles(dir, LAYER_FILES, digests, `more-${n}.`);
      if (!files) continue;
      layers.push({
        names: { request: `more-${n}.request.cjs`, response: `more-${n}.response.cjs` },
        code: { request: files['request.cjs'], response: files['response.cjs'] },
        manifest: JSON.parse(files['manifest.json']) as Layer['manifest'],
      });
    } catch {
      // a layer half written or torn: its validators are compiled again
    }
  }
  return layers;
}

/**
 * Adds a layer of what `compiler` compiled after `saved` to the entry in `dir` (the entry
 * must exist: a layer names its digests), and answers the new count. Past MAX_LAYERS, or
 * where the cache cannot be written, nothing is written: it costs only compile time.
 */
function writeLayer(dir: string, compiler: LiveCompiler, saved: Record<Purpose, number>): Record<Purpose, number> {
  const count = compiler.count();
  if (count.request === saved.request && count.response === saved.response) return saved;
  try {
    if (!isPrivateDir(dir)) return count;
    const entry = sha256(readFileSync(join(dir, DIGESTS), 'utf8'));
    const n = (layerNumbers(dir).at(-1) ?? 0) + 1;
    if (n > MAX_LAYERS) return count;
    const { code, manifest } = compiler.exportCode(saved);
    const texts = { 'request.cjs': code.request, 'response.cjs': code.response, 'manifest.json': JSON.stringify(manifest) };
    const digests: Record<string, string> = { entry };
    for (const name of LAYER_FILES) digests[name] = writeAtomic(join(dir, `more-${n}.${name}`), texts[name]);
    // The digests last: a layer is complete only once they exist.
    writeAtomic(join(dir, `more-${n}.digests.json`), JSON.stringify(digests));
  } catch {
    // a read-only install compiles them again next time
  }
  return count;
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
        { count: d.mended, booleanBounds: d.booleanBounds },
      ),
    );
    // Code this program generated itself, verified above; V8's code cache skips parsing it again.
    const ran: CommonJsModule[] = [];
    const load = ({ names, code, manifest }: Layer): LoadedValidators => {
      const [request, response] = (['request', 'response'] as const).map((p) =>
        runCommonJs(code[p], join(dir, names[p]), require, cacheDir),
      );
      ran.push(request, response);
      return { modules: { request: request.exports, response: response.exports } as LoadedValidators['modules'], manifest };
    };
    const base: Layer = {
      names: { request: 'request.cjs', response: 'response.cjs' },
      code: { request: files['request.cjs'], response: files['response.cjs'] },
      manifest: entry.manifest,
    };
    const loaded = [base, ...readLayers(dir, files[DIGESTS])].map(load);
    const compiler = new CachedCompiler(specs, loaded);
    let saved: Record<Purpose, number> = { request: 0, response: 0 }; // what the cache holds of compiler.live
    let saves = 0;
    const save = () => {
      // the first save ends start-up; a later one (as the server stops) keeps what serving compiled too
      const again = ++saves > 1;
      for (const module of ran) module.saveCodeCache(again);
      if (compiler.live) saved = writeLayer(dir, compiler.live, saved);
    };
    return { specs, compiler, fromCache: true, save };
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
      booleanBounds: s.booleanBounds,
    }));
    const entry: CacheEntry = { docs, manifest };
    // an entry written again (a file its $refs read changed) starts without the old one's layers
    for (const name of readdirSync(dir)) if (name.startsWith('more-')) rmSync(join(dir, name), { force: true });
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
