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
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly file: string;
  private db: Database.Database;
  private stmt;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'authmock.sqlite');
    this.db = new Database(this.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 2000');
    this.db.exec(SCHEMA);
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

  async saveToken(r: TokenRecord): Promise<void> {
    this.stmt.insertToken.run(r.api, r.hash, r.userType, r.userId, r.clientApp ?? null, r.issuedAt, r.expiresAt);
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
    return this.stmt.revokeUser.run(api, userType, userId).changes;
  }

  async revokeToken(api: ApiName, hash: string): Promise<boolean> {
    return this.stmt.revokeOne.run(api, hash).changes > 0;
  }

  async getLoginFailures(api: ApiName, userType: UserType, username: string): Promise<LoginFailures | undefined> {
    const row = this.stmt.getFailures.get(api, userType, username) as any;
    return row ? { failures: row.failures, lockExpiresAt: row.lock_expires_at } : undefined;
  }

  async setLoginFailures(api: ApiName, userType: UserType, username: string, v: LoginFailures): Promise<void> {
    this.stmt.setFailures.run(api, userType, username, v.failures, v.lockExpiresAt);
  }

  async clearLoginFailures(api: ApiName, userType: UserType, username: string): Promise<void> {
    this.stmt.clearFailures.run(api, userType, username);
  }

  async reset(): Promise<void> {
    this.db.exec('DELETE FROM tokens; DELETE FROM login_failures;');
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
