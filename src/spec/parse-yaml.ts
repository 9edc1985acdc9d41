import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * YAML parsing, loaded only when a file must really be parsed: a start whose specs and
 * fixtures are unchanged reads their JSON from the cache and never loads the parser
 * (it is kept out of the bundle for that; see scripts/bundle.mjs).
 */
export function parseYaml(text: string): unknown {
  return (require('yaml') as typeof import('yaml')).parse(text);
}

/** A YAML file's content, through a JSON copy in `cacheDir` keyed by the file's hash. */
export function readYamlCached(file: string, cacheDir: string | undefined): unknown {
  const text = readFileSync(file);
  if (!cacheDir) return parseYaml(text.toString('utf8'));
  const cached = join(cacheDir, 'yaml', `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    const value = parseYaml(text.toString('utf8'));
    try {
      mkdirSync(join(cacheDir, 'yaml'), { recursive: true });
      writeFileSync(`${cached}.${process.pid}.tmp`, JSON.stringify(value));
      renameSync(`${cached}.${process.pid}.tmp`, cached);
    } catch {
      // a read-only install parses every time
    }
    return value;
  }
}
