import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ApiName } from '../core/types.js';
import type { LoginFailures, Store, TokenRecord, UserType } from './store.js';

// Version 2: split tokens, rows keyed by an increasing id (appends, not random inserts).
const SCHEMA_VERSION = 2;
const SCHEMA = `
DROP TABLE IF EXISTS tokens;
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  api TEXT NOT NULL,
  verifier_hash TEXT NOT NULL,
  user_type TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  client_app TEXT,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER
);
CREATE INDEX tokens_by_user ON tokens (api, user_type, user_id);
CREATE TABLE IF NOT EXISTS login_failures (
  api TEXT NOT NULL,
  user_type TEXT NOT NULL,
  username TEXT NOT NULL,
  failures INTEGER NOT NULL,
  lock_expires_at INTEGER NOT NULL,
  PRIMARY KEY (api, user_type, username)
) WITHOUT ROWID;
PRAGMA user_version = ${SCHEMA_VERSION};
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
  private pending: { record: TokenRecord; resolve: (id: number) => void; reject: (err: unknown) => void }[] = [];
  private lastId: number;
  private flushScheduled = false;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'authmock.sqlite');
    this.db = new Database(this.file, { timeout: 1000 });
    this.db.pragma('locking_mode = EXCLUSIVE');
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      // A state from an older format is started afresh: its tokens could not be read.
      if (this.db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) this.db.exec(SCHEMA);
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
        'INSERT INTO tokens (id, api, verifier_hash, user_type, user_id, client_app, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      findToken: db.prepare('SELECT * FROM tokens WHERE id = ? AND api = ?'),
      revokeUser: db.prepare('DELETE FROM tokens WHERE api = ? AND user_type = ? AND user_id = ?'),
      revokeOne: db.prepare('DELETE FROM tokens WHERE id = ? AND api = ?'),
      getFailures: db.prepare('SELECT failures, lock_expires_at FROM login_failures WHERE api = ? AND user_type = ? AND username = ?'),
      setFailures: db.prepare(
        'INSERT OR REPLACE INTO login_failures (api, user_type, username, failures, lock_expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      clearFailures: db.prepare('DELETE FROM login_failures WHERE api = ? AND user_type = ? AND username = ?'),
    };
    // Ids are never reused, also across restarts: AUTOINCREMENT keeps the highest one ever
    // given in sqlite_sequence, which an explicit id updates too.
    const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'tokens'").get() as { seq: number } | undefined;
    this.lastId = seq?.seq ?? 0;
  }

  saveToken(fields: Omit<TokenRecord, 'id'>): Promise<number> {
    const record = { ...fields, id: ++this.lastId };
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
      this.stmt.insertToken.run(r.id, r.api, r.verifierHash, r.userType, r.userId, r.clientApp ?? null, r.issuedAt, r.expiresAt);
    try {
      this.db.transaction(() => batch.forEach((p) => insert(p.record)))();
      batch.forEach((p) => p.resolve(p.record.id));
    } catch {
      // One bad insert must not fail the others: retry each on its own.
      for (const p of batch) {
        try {
          insert(p.record);
          p.resolve(p.record.id);
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }

  async findToken(api: ApiName, id: number): Promise<TokenRecord | undefined> {
    const row = this.stmt.findToken.get(id, api) as any;
    if (!row) return undefined;
    return {
      id: row.id,
      api: row.api,
      verifierHash: row.verifier_hash,
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

  async revokeToken(api: ApiName, id: number): Promise<boolean> {
    this.flush();
    return this.stmt.revokeOne.run(id, api).changes > 0;
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
