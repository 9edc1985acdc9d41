import { join } from 'node:path';
import { isPrivateDir, keepNewest, openPrivateDir, readDigest, readVerified, sha256, writeAtomic } from './cache-files.js';

// values of other specs, seeds or counts: the newest few stay
const KEEP_FILES = 8;

/** JSON values kept across starts by a key that names exactly what made them. */
export interface JsonFileCache {
  read(key: string): unknown;
  write(key: string, value: unknown): void;
}

/**
 * A JSON file per key in `dir`, under the compile cache's rules (cache-files.ts): a private
 * directory, each file read only if its bytes are the ones whose SHA-256 was recorded beside
 * it when written. Anything missing, altered or unreadable reads as undefined: the caller
 * makes the value again, so the cache can only cost a write.
 */
export function createJsonFileCache(dir: string): JsonFileCache {
  const fileOf = (key: string) => join(dir, `${sha256(key).slice(0, 32)}.json`);
  return {
    read(key) {
      if (!isPrivateDir(dir)) return undefined;
      const file = fileOf(key);
      const text = readVerified(file, readDigest(`${file}.sha256`));
      try {
        return text === undefined ? undefined : JSON.parse(text);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      try {
        if (!openPrivateDir(dir)) return;
        const file = fileOf(key);
        // the digest last: a file counts only once it exists
        writeAtomic(`${file}.sha256`, writeAtomic(file, JSON.stringify(value)));
        keepNewest(dir, /^[0-9a-f]{32}\.json$/, KEEP_FILES);
      } catch {
        // a read-only install makes the values on every start
      }
    },
  };
}
