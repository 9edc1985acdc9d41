import type Database from 'better-sqlite3';

/**
 * The state file's schema and how older ones are brought up to it, in place. Version 3
 * added namespaces and identities and made user ids text; tokens and login failures of
 * version 2 move into the `default` namespace unchanged. Version 4 gave tokens their
 * scopes and claims (JSON text, NULL: none), as two new columns: every row stays where it is.
 * Version 5 added the authorization servers' state (signing keys, codes, refresh tokens,
 * revoked access tokens) as new tables: no existing row is touched.
 */
export const SCHEMA_VERSION = 5;

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS namespaces (
  name TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  clock_offset_ms INTEGER NOT NULL DEFAULT 0,
  settings TEXT NOT NULL DEFAULT '{}',
  seed_hash TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS identities (
  ns TEXT NOT NULL, api TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL,
  keys TEXT NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (ns, api, kind, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS identity_keys (
  ns TEXT NOT NULL, api TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL,
  PRIMARY KEY (ns, api, kind, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counters (ns TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (ns, name)) WITHOUT ROWID;
`;

/** the tokens table as version 3 made it; version 4 adds its columns (TOKEN_SCOPES_AND_CLAIMS) */
const TOKENS = `
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ns TEXT NOT NULL,
  api TEXT NOT NULL,
  verifier_hash TEXT NOT NULL,
  user_type TEXT NOT NULL,
  user_id TEXT NOT NULL,
  client_app TEXT,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER
);
CREATE INDEX tokens_by_user ON tokens (ns, api, user_type, user_id);
`;

/**
 * Version 4. ADD COLUMN changes only the table's definition: SQLite rewrites no row, and
 * every existing token reads NULL (no scopes, no claims), as it did before.
 */
const TOKEN_SCOPES_AND_CLAIMS = `
ALTER TABLE tokens ADD COLUMN scopes TEXT;
ALTER TABLE tokens ADD COLUMN claims TEXT;
`;

/** Version 5: the authorization servers' state (src/store/sqlite-oauth.ts); records are JSON text. */
const OAUTH_TABLES = `
CREATE TABLE oauth_keys (
  ns TEXT NOT NULL, kid TEXT NOT NULL, alg TEXT NOT NULL, state TEXT NOT NULL, record TEXT NOT NULL,
  PRIMARY KEY (ns, kid)
) WITHOUT ROWID;
CREATE TABLE oauth_codes (
  ns TEXT NOT NULL, hash TEXT NOT NULL, code TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0, expires_at INTEGER NOT NULL,
  PRIMARY KEY (ns, hash)
) WITHOUT ROWID;
CREATE TABLE oauth_refresh (
  ns TEXT NOT NULL, hash TEXT NOT NULL, family TEXT NOT NULL, state TEXT NOT NULL, token TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (ns, hash)
) WITHOUT ROWID;
CREATE INDEX oauth_refresh_by_family ON oauth_refresh (ns, family);
CREATE TABLE oauth_revoked (ns TEXT NOT NULL, jti TEXT NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (ns, jti)) WITHOUT ROWID;
CREATE INDEX oauth_codes_by_expiry ON oauth_codes (expires_at);
CREATE INDEX oauth_refresh_by_expiry ON oauth_refresh (expires_at);
CREATE INDEX oauth_revoked_by_expiry ON oauth_revoked (expires_at);
`;

const FAILURES = `
CREATE TABLE login_failures (
  ns TEXT NOT NULL,
  api TEXT NOT NULL,
  user_type TEXT NOT NULL,
  username TEXT NOT NULL,
  failures INTEGER NOT NULL,
  lock_expires_at INTEGER NOT NULL,
  PRIMARY KEY (ns, api, user_type, username)
) WITHOUT ROWID;
`;

/**
 * OAuth nonces per consumer (docs/commerce-integrations.md §3). Created at open when
 * missing, like the sweep indexes: an older file gains it without a new state version.
 */
export const NONCE_TABLE = `
CREATE TABLE IF NOT EXISTS oauth_nonces (
  ns TEXT NOT NULL, consumer_key TEXT NOT NULL, nonce TEXT NOT NULL, timestamp INTEGER NOT NULL,
  PRIMARY KEY (ns, consumer_key, nonce)
) WITHOUT ROWID;
`;

export class StateVersionError extends Error {}

/**
 * Brings the file to SCHEMA_VERSION in one transaction and says what it did; a file from
 * a newer authmock, or of a version this one never wrote, is refused untouched.
 */
export function migrate(db: Database.Database, file: string): string | undefined {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return undefined;
  if (version > SCHEMA_VERSION) {
    throw new StateVersionError(
      `${file} was written by a newer authmock (state version ${version}; this one reads up to ${SCHEMA_VERSION}). ` +
        'Upgrade authmock, or start with another --state.',
    );
  }
  if (version < 0) {
    throw new StateVersionError(`${file} has an unknown state version ${version}. Start with another --state, or move the file away.`);
  }
  let note: string | undefined;
  // Every step from the file's version on, in one transaction: a failure leaves the file as it was.
  db.transaction(() => {
    if (version < 3) note = migrateToVersion3(db, version);
    if (version < 4) db.exec(TOKEN_SCOPES_AND_CLAIMS);
    db.exec(OAUTH_TABLES);
    if (version === 3) note = 'state migrated from version 3: tokens can carry scopes and claims; every row was kept';
    if (version === 4) note = "state migrated from version 4: it keeps the authorization servers' keys and grants too; every row was kept";
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  return note;
}

/** Versions 0 (a new file), 1 and 2 to 3, inside migrate's transaction; says what it did when it matters. */
function migrateToVersion3(db: Database.Database, version: number): string | undefined {
  let note: string | undefined;
  db.exec(TABLES);
  const hasTable = (name: string) => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  if (version === 2) {
    const seq = (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'tokens'").get() as { seq: number } | undefined)?.seq ?? 0;
    db.exec(`ALTER TABLE tokens RENAME TO tokens_v2; DROP INDEX IF EXISTS tokens_by_user; ${TOKENS}`);
    db.exec(`INSERT INTO tokens (id, ns, api, verifier_hash, user_type, user_id, client_app, issued_at, expires_at)
             SELECT id, 'default', api, verifier_hash, user_type, CAST(user_id AS TEXT), client_app, issued_at, expires_at FROM tokens_v2;
             DROP TABLE tokens_v2;`);
    // Ids are never reused: keep the highest one ever given, not just the highest left.
    db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'tokens'").run(seq);
    note = 'state migrated from version 2: tokens and login failures kept in the default namespace';
  } else {
    // Version 1 stored whole tokens, which this format cannot verify; nothing else was kept.
    if (hasTable('tokens')) note = 'state of version 1: its tokens (an older token format) cannot be verified and were dropped';
    db.exec(`DROP TABLE IF EXISTS tokens; ${TOKENS}`);
  }
  if (hasTable('login_failures')) {
    db.exec(`ALTER TABLE login_failures RENAME TO login_failures_old; ${FAILURES}`);
    db.exec(`INSERT INTO login_failures SELECT 'default', api, user_type, username, failures, lock_expires_at FROM login_failures_old;
             DROP TABLE login_failures_old;`);
  } else {
    db.exec(FAILURES);
  }
  return note;
}
