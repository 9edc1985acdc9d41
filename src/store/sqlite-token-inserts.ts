import type Database from 'better-sqlite3';
import type { NewToken, TokenRecord } from './store.js';
import type { Statement } from './sqlite-statements.js';

/** rows per INSERT: 11 values each, far below SQLite's 32,766 bound variables */
const CHUNK = 32;
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const COLUMNS = 'id, ns, api, verifier_hash, user_type, user_id, client_app, issued_at, expires_at, scopes, claims';

export interface PendingToken {
  ns: string;
  record: TokenRecord;
  /** the record's scopes and claims as JSON text (null: none), made when it was saved, so a later change by the caller is not stored */
  scopes: string | null;
  claims: string | null;
}

/**
 * Inserts a batch of tokens with one statement per up to 32 rows instead of one per row:
 * under load a commit carries about 30 (measured), and each statement run costs its own
 * bind and step on top of the rows' B-tree work. The statements are prepared on first use
 * of each size, so at most 32 of them exist. Runs inside the caller's transaction.
 */
export function createTokenInserter(db: Database.Database): (batch: readonly PendingToken[]) => void {
  const bySize = new Map<number, Statement>();
  const statement = (rows: number): Statement => {
    let found = bySize.get(rows);
    if (!found) {
      const values = Array.from({ length: rows }, () => ROW).join(', ');
      found = db.prepare(`INSERT INTO tokens (${COLUMNS}) VALUES ${values}`);
      bySize.set(rows, found);
    }
    return found;
  };
  return (batch) => {
    for (let start = 0; start < batch.length; start += CHUNK) {
      const end = Math.min(batch.length, start + CHUNK);
      const params: unknown[] = [];
      for (let i = start; i < end; i++) {
        const { ns, record: r, scopes, claims } = batch[i];
        params.push(r.id, ns, r.api, r.verifierHash, r.userType, r.userId, r.clientApp ?? null, r.issuedAt, r.expiresAt, scopes, claims);
      }
      statement(end - start).run(params);
    }
  };
}

/** How long a write no answer waits for may wait for its commit (the store's close commits it at once). */
const LATER_MS = 200;

/** Token inserts waiting for their commit. */
export interface TokenBatch {
  /** queues a token under a new id; resolves with the id once its transaction committed */
  save(ns: string, token: NewToken): Promise<number>;
  /** queues a write no answer waits for (a record of a signed JWT) into the next commit, within LATER_MS; one that fails is dropped */
  later(write: () => void): void;
  /** commits what is queued now: every other write calls it first, so the order of writes is kept */
  flush(): void;
}

/**
 * Token inserts, the one write on the hot path, grouped: those made in one turn of the
 * event loop commit together in one transaction, and each caller's promise resolves only
 * after that commit, so a token is never handed out before it is stored.
 */
export function createTokenBatch(db: Database.Database): TokenBatch {
  const insertTokens = createTokenInserter(db);
  let pending: (PendingToken & { resolve: (id: number) => void; reject: (err: unknown) => void })[] = [];
  let writes: (() => void)[] = [];
  let flushScheduled = false;
  let laterTimer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };
  // Ids are never reused, also across restarts: AUTOINCREMENT keeps the highest one ever
  // given in sqlite_sequence, which an explicit id updates too.
  const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'tokens'").get() as { seq: number } | undefined;
  let lastId = seq?.seq ?? 0;

  const flush = (): void => {
    flushScheduled = false;
    if (laterTimer) clearTimeout(laterTimer);
    laterTimer = undefined;
    const batch = pending;
    const queued = writes;
    if (batch.length === 0 && queued.length === 0) return;
    pending = [];
    writes = [];
    try {
      db.transaction(() => {
        if (batch.length) insertTokens(batch);
        for (const write of queued) write();
      })();
      batch.forEach((p) => p.resolve(p.record.id));
    } catch {
      // One bad insert must not fail the others: retry each on its own.
      for (const p of batch) {
        try {
          insertTokens([p]);
          p.resolve(p.record.id);
        } catch (err) {
          p.reject(err);
        }
      }
      for (const write of queued) {
        try {
          write();
        } catch {
          // a record no answer depends on
        }
      }
    }
  };
  const save = (ns: string, token: NewToken): Promise<number> => {
    const record = { ...token, id: ++lastId };
    return new Promise((resolve, reject) => {
      // inside the executor: claims that cannot be written as JSON reject this save only
      const scopes = token.scopes === undefined ? null : JSON.stringify(token.scopes);
      const claims = token.claims === undefined ? null : JSON.stringify(token.claims);
      pending.push({ ns, record, scopes, claims, resolve, reject });
      schedule();
    });
  };
  // writes no answer waits for go with the next token batch or any other write, else within LATER_MS:
  // a commit of their own per turn of the event loop cost the token endpoint a tenth of its CPU (measured)
  const later = (write: () => void): void => {
    writes.push(write);
    if (flushScheduled || laterTimer) return;
    laterTimer = setTimeout(flush, LATER_MS);
    laterTimer.unref();
  };
  return { save, later, flush };
}
