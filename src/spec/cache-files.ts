import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../core/make-directory.js';

/**
 * The compile cache holds code that start-up runs (`new Function`) and JSON it trusts, so
 * it is used only where no other user can write: directories created 0700, owned by the
 * user running authmock and writable by no one else; and every file is checked against
 * the SHA-256 recorded when it was written, so a torn or altered file is compiled afresh
 * instead of run.
 */

/** Creates `dir` (0700) if needed; true when it is fit to hold the cache. */
export function openPrivateDir(dir: string): boolean {
  try {
    makeDirectory(dir, 0o700);
  } catch {
    return false; // a read-only install without a cache: compile every time
  }
  return isPrivateDir(dir);
}

/** A real directory (not a link), ours, and not group- or world-writable. */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    // Windows has neither owners by uid nor these mode bits: its ACLs are left to the user.
    if (process.platform === 'win32' || typeof process.getuid !== 'function') return true;
    return st.uid === process.getuid() && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The file's text if its SHA-256 is `digest`; undefined when it is missing or differs. */
export function readVerified(file: string, digest: string | undefined): string | undefined {
  return readVerifiedBytes(file, digest)?.toString('utf8');
}

/** The file's bytes if their SHA-256 is `digest`; undefined when it is missing or differs. */
export function readVerifiedBytes(file: string, digest: string | undefined): Buffer | undefined {
  if (typeof digest !== 'string') return undefined;
  try {
    const bytes = readFileSync(file);
    return sha256(bytes) === digest ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** The digest a `<file>.sha256` beside a cached file records; undefined when there is none. */
export function readDigest(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Writes beside the target and renames, so a reader never sees half a file; returns its digest. */
export function writeAtomic(file: string, data: string | Buffer): string {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, file);
  return sha256(data);
}

/** Deletes all but the `keep` newest files of `dir` whose names match `name`, each with the `.sha256` recorded beside it. */
export function keepNewest(dir: string, name: RegExp, keep: number): void {
  const files = readdirSync(dir)
    .filter((f) => name.test(f))
    .map((f) => ({ path: join(dir, f), at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of files.slice(keep)) {
    rmSync(old.path, { force: true });
    rmSync(`${old.path}.sha256`, { force: true });
  }
}
