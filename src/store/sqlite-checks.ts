import type Database from 'better-sqlite3';
import { StateVersionError } from './sqlite-schema.js';

/** A state file that cannot be used: the message says what to do. */
export class StateError extends Error {
  override name = 'StateError';
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
  if (code === 'SQLITE_BUSY') return new StateError(`the state in ${dir} is in use by another authmock process; stop it first, or use another --state`);
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new StateError(`${file} is damaged or not an authmock state file (${(err as Error).message}). Move it away to start afresh, or restore it from a backup.`);
  }
  if (err instanceof StateVersionError) return new StateError(err.message);
  return err as Error;
}
