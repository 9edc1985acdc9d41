import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p`, one level at a time. Node 20's recursive mkdirSync spins for ever where
 * mkdir answers ENOENT under a parent that exists (`--state /proc/x`); here that is the
 * error it is. Throws Node's error (code, path) for the caller to word.
 */
export function makeDirectory(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) mkdirSync(d, mode === undefined ? {} : { mode });
}
