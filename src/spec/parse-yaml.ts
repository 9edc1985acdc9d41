import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { openPrivateDir, readDigest, readVerified, sha256, writeAtomic } from './cache-files.js';

const require = createRequire(import.meta.url);

/**
 * YAML parsing, loaded only when a file must really be parsed: a start whose specs and
 * fixtures are unchanged reads their JSON from the cache and never loads the parser
 * (it is kept out of the bundle for that; see scripts/bundle.mjs).
 */
export function parseYaml(text: string): unknown {
  return (require('yaml') as typeof import('yaml')).parse(text);
}

/**
 * A YAML file's content, through a JSON copy in `<cacheDir>/yaml` named by the file's
 * hash; the copy is read only if it matches the SHA-256 in its `.sha256` beside it, and
 * only from a directory no other user can write (cache-files.ts).
 */
export function readYamlCached(file: string, cacheDir: string | undefined): unknown {
  const text = readFileSync(file);
  if (!cacheDir) return parseYaml(text.toString('utf8'));
  const dir = join(cacheDir, 'yaml');
  if (!openPrivateDir(cacheDir) || !openPrivateDir(dir)) return parseYaml(text.toString('utf8'));
  const cached = join(dir, `${sha256(text).slice(0, 32)}.json`);
  const digest = readDigest(`${cached}.sha256`);
  const json = readVerified(cached, digest);
  if (json !== undefined) {
    try {
      return JSON.parse(json);
    } catch {
      // cannot happen for a verified copy; parse the YAML below
    }
  }
  const value = parseYaml(text.toString('utf8'));
  try {
    // the digest last: a copy counts only once it exists
    writeAtomic(`${cached}.sha256`, writeAtomic(cached, JSON.stringify(value)));
  } catch {
    // a read-only install parses every time
  }
  return value;
}
