import { dirname, join } from 'node:path';
import vm from 'node:vm';
import { isPrivateDir, keepNewest, openPrivateDir, readDigest, readVerifiedBytes, sha256, writeAtomic } from './cache-files.js';

// Code caches of other bundles, specs (and their later layers: compile-specs.ts), Node versions or flags: the newest few stay.
const KEEP_CACHES = 48;

export interface CommonJsModule {
  /** what the code left in `module.exports` */
  exports: Record<string, any>;
  /** V8 took the compiled code from the cache */
  fromCache: boolean;
  /**
   * writes the code cache when there was none or V8 refused it; call once start-up is done, so
   * it holds what start-up compiled. `again` writes it even so (once, as the process ends): V8
   * compiles a function on its first call, and a validator first called while serving (a
   * generated collection's check, on the namespace's first seeding) is in no earlier cache.
   */
  saveCodeCache(again?: boolean): void;
}

/**
 * Runs CommonJS code (no import(): a script has no module loader) with a V8 code cache kept in `<cacheDir>/code`: a start with the cache
 * skips parsing the code and compiling the functions an earlier start compiled (Node 20 has
 * no compile cache of its own). V8 checks only the source's length, so a cache is named by
 * a hash of the source, the V8 version and the flags. It obeys the compile cache's rules
 * (cache-files.ts): a private directory, and bytes that match their recorded SHA-256, else
 * the code is compiled as if there were no cache.
 */
export function runCommonJs(
  source: string | Buffer,
  filename: string,
  require: NodeJS.Require,
  cacheDir: string | undefined,
): CommonJsModule {
  // Read where it exists; created only when saved, so a command that saves none leaves no directory behind.
  const dir = cacheDir && isPrivateDir(cacheDir) && isPrivateDir(join(cacheDir, 'code')) ? join(cacheDir, 'code') : undefined;
  const cacheFile = cacheDir && join(cacheDir, 'code', `${cacheKey(source)}.v8`);
  const cachedData = dir && cacheFile ? readVerifiedBytes(cacheFile, readDigest(`${cacheFile}.sha256`)) : undefined;
  // The wrapper stays on the code's first line: stack traces keep their line numbers.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source.toString()}\n})`, {
    filename,
    cachedData,
  });
  const module = { exports: {} as Record<string, any> };
  script.runInThisContext()(module.exports, require, module, filename, dirname(filename));
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  let pending = !fromCache && cacheFile !== undefined;
  let rewritten = false;
  return {
    exports: module.exports,
    fromCache,
    saveCodeCache: (again = false) => {
      if (!cacheFile || !(pending || (again && !rewritten))) return;
      pending = false;
      rewritten ||= again;
      if (!openPrivateDir(dirname(dirname(cacheFile))) || !openPrivateDir(dirname(cacheFile))) return;
      try {
        // the digest last: a cache counts only once it exists
        writeAtomic(`${cacheFile}.sha256`, writeAtomic(cacheFile, script.createCachedData()));
        keepNewest(dirname(cacheFile), /^[0-9a-f]{32}\.v8$/, KEEP_CACHES);
      } catch {
        // a read-only install compiles every time
      }
    },
  };
}

/**
 * V8 rejects a cache made by another version or with other V8 flags (the bin's shebang sets
 * one; `node bin/authmock.js` does not), so the name keeps one cache per combination.
 * Node's profiling flags change nothing V8 checks, and name a new directory on every run.
 */
function cacheKey(source: string | Buffer): string {
  const flags = process.execArgv.filter(
    (arg, i, all) => !/^--(cpu|heap)-prof/.test(arg) && !/^--(cpu|heap)-prof-(dir|name|interval)$/.test(all[i - 1] ?? ''),
  );
  const runtime = `${process.versions.v8} ${process.arch} ${flags.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return sha256(`${sha256(source)}\n${runtime}`).slice(0, 32);
}
