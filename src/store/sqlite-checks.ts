import { chmodSync, existsSync, statSync } from 'node:fs';
import { makeDirectory } from '../core/make-directory.js';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, StateVersionError } from './sqlite-schema.js';

/** A state file that cannot be used: the message says what to do. */
export class StateError extends Error {
  override name = 'StateError';
  /** another process holds the state: another directory would do */
  inUse = false;
}

/** SQLite's own quick check: a damaged file is refused before anything reads it. */
export function checkIntegrity(db: Database.Database, file: string): void {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (problems.length > 0) {
    throw new StateError(
      `${file} is damaged (SQLite quick_check: ${problems.slice(0, 3).join('; ')}). ` +
        'Move it away to start afresh, or restore it from a backup; authmock keeps no copy of its own.',
    );
  }
}

/** A failure to open the state, said so a user knows what to do. */
export function explain(err: unknown, dir: string, file: string): Error {
  const code = (err as { code?: string }).code;
  if (code === 'SQLITE_BUSY')
    return Object.assign(
      new StateError(`the state in ${dir} is in use by another authmock process; stop it first, or use another --state`),
      { inUse: true },
    );
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new StateError(
      `${file} is damaged or not an authmock state file (${(err as Error).message}). Move it away to start afresh, or restore it from a backup.`,
    );
  }
  if (err instanceof StateVersionError) return new StateError(err.message);
  return err as Error;
}

/**
 * Opens (or creates) the state file in `dir`, private to the user (directory 0700, file
 * 0600), for this process alone (EXCLUSIVE), in WAL with synchronous=NORMAL; checks it and
 * brings it to the current schema. `notice` hears what a migration did. Every failure is
 * said so a user knows what to do.
 */
export function openStateFile(dir: string, notice?: (message: string) => void): { db: Database.Database; file: string } {
  try {
    makeDirectory(dir, 0o700);
    chmodSync(dir, 0o700);
  } catch (err) {
    const { code } = err as NodeJS.ErrnoException;
    throw new StateError(`cannot make the state directory ${dir} (${code ?? (err as Error).message}): choose another with --state`);
  }
  const file = join(dir, 'authmock.sqlite');
  if (existsSync(file) && statSync(file).size === 0 && !existsSync(`${file}-wal`)) {
    throw new StateError(`${file} is empty (0 bytes): whatever it held is lost. Delete it to start afresh, or restore it from a backup.`);
  }
  const db = new Database(file, { timeout: 1000 });
  try {
    chmodSync(file, 0o600);
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // SQLite's own default page cache (2,000 KiB): better-sqlite3 builds with 16 MB, which the
    // tokens a load stores filled, 17 MB of the peak resident set under the bench's load
    // (128 → 111 MB); reads of stored objects go through the read cache (D59) anyway.
    db.pragma('cache_size = -2000');
    checkIntegrity(db, file);
    const note = migrate(db, file);
    if (note) notice?.(note);
  } catch (err) {
    db.close();
    throw explain(err, dir, file);
  }
  return { db, file };
}
