import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ApiName } from '../core/types.js';
import type { LoginFailures, Store, TokenRecord, UserType } from './store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tokens (
  api TEXT NOT NULL,
  hash TEXT NOT NULL,
  user_type TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  client_app TEXT,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER,
  PRIMARY KEY (api, hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tokens_by_user ON tokens (api, user_type, user_id);
CREATE TABLE IF NOT EXISTS login_failures (
  api TEXT NOT NULL,
  user_type TEXT NOT NULL,
  username TEXT NOT NULL,
  failures INTEGER NOT NULL,
  lock_expires_at INTEGER NOT NULL,
  PRIMARY KEY (api, user_type, username)
) WITHOUT ROWID;
`;

/**
 * The default store: one SQLite file in the state directory. WAL with synchronous=NORMAL
 * keeps every committed write across a crash or kill of the process (an OS crash may lose
 * the last transactions), without an fsync on the request path.
 *
 * Token inserts, the one write on the hot path, are grouped: those made in one turn of the
 * event loop commit together in one transaction, and each caller's promise resolves only
 * after that commit, so a token is never handed out before it is stored. Other writes
 * commit at once, after any pending inserts, so the order of writes is kept. The file is
 * locked for this process alone (EXCLUSIVE): a second server or `authmock reset` on the
 * same state gets a clear "in use" error instead of a second, diverging writer.
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly file: string;
  private db: Database.Database;
  private stmt;
  private pending: { record: TokenRecord; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private flushScheduled = false;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'authmock.sqlite');
    this.db = new Database(this.file, { timeout: 1000 });
    this.db.pragma('locking_mode = EXCLUSIVE');
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(SCHEMA);
    } catch (err) {
      this.db.close();
      if ((err as { code?: string }).code === 'SQLITE_BUSY') {
        throw new Error(`the state in ${dir} is in use by another authmock process; stop it first, or use another --state`);
      }
      throw err;
    }
    const db = this.db;
    this.stmt = {
      insertToken: db.prepare(
        'INSERT OR REPLACE INTO tokens (api, hash, user_type, user_id, client_app, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      findToken: db.prepare('SELECT * FROM tokens WHERE api = ? AND hash = ?'),
      revokeUser: db.prepare('DELETE FROM tokens WHERE api = ? AND user_type = ? AND user_id = ?'),
      revokeOne: db.prepare('DELETE FROM tokens WHERE api = ? AND hash = ?'),
      getFailures: db.prepare('SELECT failures, lock_expires_at FROM login_failures WHERE api = ? AND user_type = ? AND username = ?'),
      setFailures: db.prepare(
        'INSERT OR REPLACE INTO login_failures (api, user_type, username, failures, lock_expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      clearFailures: db.prepare('DELETE FROM login_failures WHERE api = ? AND user_type = ? AND username = ?'),
    };
  }

  saveToken(record: TokenRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits the pending token inserts in one transaction, then answers their callers. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const insert = (r: TokenRecord) =>
      this.stmt.insertToken.run(r.api, r.hash, r.userType, r.userId, r.clientApp ?? null, r.issuedAt, r.expiresAt);
    try {
      this.db.transaction(() => batch.forEach((p) => insert(p.record)))();
      batch.forEach((p) => p.resolve());
    } catch {
      // One bad insert must not fail the others: retry each on its own.
      for (const p of batch) {
        try {
          insert(p.record);
          p.resolve();
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }

  async findToken(api: ApiName, hash: string): Promise<TokenRecord | undefined> {
    const row = this.stmt.findToken.get(api, hash) as any;
    if (!row) return undefined;
    return {
      api: row.api,
      hash: row.hash,
      userType: row.user_type,
      userId: row.user_id,
      clientApp: row.client_app ?? undefined,
      issuedAt: row.issued_at,
      expiresAt: row.expires_at,
    };
  }

  async revokeUserTokens(api: ApiName, userType: UserType, userId: number): Promise<number> {
    this.flush();
    return this.stmt.revokeUser.run(api, userType, userId).changes;
  }

  async revokeToken(api: ApiName, hash: string): Promise<boolean> {
    this.flush();
    return this.stmt.revokeOne.run(api, hash).changes > 0;
  }

  async getLoginFailures(api: ApiName, userType: UserType, username: string): Promise<LoginFailures | undefined> {
    const row = this.stmt.getFailures.get(api, userType, username) as any;
    return row ? { failures: row.failures, lockExpiresAt: row.lock_expires_at } : undefined;
  }

  async setLoginFailures(api: ApiName, userType: UserType, username: string, v: LoginFailures): Promise<void> {
    this.flush();
    this.stmt.setFailures.run(api, userType, username, v.failures, v.lockExpiresAt);
  }

  async clearLoginFailures(api: ApiName, userType: UserType, username: string): Promise<void> {
    this.flush();
    this.stmt.clearFailures.run(api, userType, username);
  }

  async reset(): Promise<void> {
    this.flush();
    this.db.exec('DELETE FROM tokens; DELETE FROM login_failures;');
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.close();
  }
}
