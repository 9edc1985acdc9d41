import type Database from 'better-sqlite3';

/** better-sqlite3's Statement<unknown[]>, named here: declaration emit (the package's types) cannot name the library's own. */
export interface Statement {
  run(...params: unknown[]): Database.RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Every statement the SQLite store runs, prepared once. */
export function prepareStatements(db: Database.Database) {
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    getMeta: p('SELECT value FROM meta WHERE key = ?'),
    setMeta: p('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),

    getNamespace: p('SELECT * FROM namespaces WHERE name = ?'),
    listNamespaces: p('SELECT * FROM namespaces ORDER BY name'),
    insertNamespace: p("INSERT INTO namespaces (name, created_at, clock_offset_ms, settings, seed_hash) VALUES (?, ?, 0, '{}', ?)"),
    updateNamespace: p('UPDATE namespaces SET clock_offset_ms = ?, settings = ? WHERE name = ?'),
    setSeedHash: p('UPDATE namespaces SET seed_hash = ? WHERE name = ?'),
    deleteNamespace: p('DELETE FROM namespaces WHERE name = ?'),
    deleteNsTokens: p('DELETE FROM tokens WHERE ns = ?'),
    deleteNsFailures: p('DELETE FROM login_failures WHERE ns = ?'),
    deleteNsIdentities: p('DELETE FROM identities WHERE ns = ?'),
    deleteNsKeys: p('DELETE FROM identity_keys WHERE ns = ?'),
    deleteNsCounters: p('DELETE FROM counters WHERE ns = ?'),

    getIdentity: p('SELECT id, keys, data FROM identities WHERE ns = ? AND api = ? AND kind = ? AND id = ?'),
    findIdentity: p(
      'SELECT i.id, i.keys, i.data FROM identity_keys k JOIN identities i ON i.ns = k.ns AND i.api = k.api AND i.kind = k.kind AND i.id = k.id ' +
        'WHERE k.ns = ? AND k.api = ? AND k.kind = ? AND k.key = ?',
    ),
    listIdentities: p('SELECT id, keys, data FROM identities WHERE ns = ? AND api = ? AND kind = ?'),
    keyOwner: p('SELECT id FROM identity_keys WHERE ns = ? AND api = ? AND kind = ? AND key = ?'),
    insertIdentity: p('INSERT INTO identities (ns, api, kind, id, keys, data) VALUES (?, ?, ?, ?, ?, ?)'),
    insertKey: p('INSERT INTO identity_keys (ns, api, kind, key, id) VALUES (?, ?, ?, ?, ?)'),
    deleteKeys: p('DELETE FROM identity_keys WHERE ns = ? AND api = ? AND kind = ? AND id = ?'),
    deleteIdentity: p('DELETE FROM identities WHERE ns = ? AND api = ? AND kind = ? AND id = ?'),
    // One statement: the counter moves on atomically, never below `atLeast`.
    nextId: p(
      'INSERT INTO counters (ns, name, value) VALUES (?, ?, ?) ON CONFLICT (ns, name) DO UPDATE SET value = max(value + 1, ?) RETURNING value',
    ),

    findToken: p('SELECT * FROM tokens WHERE id = ? AND ns = ? AND api = ?'),
    listTokens: p(
      // Named parameters: better-sqlite3 refuses a positional value bound to a repeated ?N.
      'SELECT * FROM tokens WHERE ns = @ns AND (@api IS NULL OR api = @api) AND (@userType IS NULL OR user_type = @userType) ' +
        'AND (@userId IS NULL OR user_id = @userId) ORDER BY id',
    ),
    revokeUser: p('DELETE FROM tokens WHERE ns = ? AND api = ? AND user_type = ? AND user_id = ?'),
    revokeOne: p('DELETE FROM tokens WHERE id = ? AND ns = ? AND api = ?'),

    getFailures: p('SELECT failures, lock_expires_at FROM login_failures WHERE ns = ? AND api = ? AND user_type = ? AND username = ?'),
    // One statement: a count whose lock has expired starts again at one.
    recordFailure: p(
      'INSERT INTO login_failures (ns, api, user_type, username, failures, lock_expires_at) VALUES (?, ?, ?, ?, 1, ?) ' +
        'ON CONFLICT (ns, api, user_type, username) DO UPDATE SET ' +
        'failures = CASE WHEN lock_expires_at > ? THEN failures + 1 ELSE 1 END, lock_expires_at = ? RETURNING failures, lock_expires_at',
    ),
    clearFailures: p('DELETE FROM login_failures WHERE ns = ? AND api = ? AND user_type = ? AND username = ?'),
    listFailures: p('SELECT * FROM login_failures WHERE ns = ? ORDER BY api, user_type, username'),

    // One statement: the primary key makes a used nonce a no-op (0 changes).
    rememberNonce: p('INSERT INTO oauth_nonces (ns, consumer_key, nonce, timestamp) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    deleteNsNonces: p('DELETE FROM oauth_nonces WHERE ns = ?'),

    // Sweeps: a bounded batch each, found through the expiry indexes (SWEEP_INDEXES).
    sweepTokens: p(
      'DELETE FROM tokens WHERE id IN (SELECT id FROM tokens WHERE expires_at IS NOT NULL AND expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    sweepFailures: p(
      'DELETE FROM login_failures WHERE (ns, api, user_type, username) IN ' +
        '(SELECT ns, api, user_type, username FROM login_failures WHERE lock_expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    countAll: p(
      'SELECT (SELECT count(*) FROM namespaces) AS namespaces, (SELECT count(*) FROM identities) AS identities, ' +
        '(SELECT count(*) FROM tokens) AS tokens, (SELECT count(*) FROM login_failures) AS loginFailures',
    ),
  };
}

/** Indexes the sweeps read by; created at open, idempotent, no schema version of their own. */
export const SWEEP_INDEXES = `
CREATE INDEX IF NOT EXISTS tokens_by_expiry ON tokens (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS login_failures_by_expiry ON login_failures (lock_expires_at);
`;

export type Statements = ReturnType<typeof prepareStatements>;

/** What the SQLite store's parts share: the open file, its statements, and the pending token inserts. */
export interface SqliteContext {
  db: Database.Database;
  stmt: Statements;
  /** commits the pending token inserts; every other write calls it first, so writes keep their order */
  flush(): void;
  /** a write into the next commit, which no answer waits for (TokenBatch.later) */
  later(write: () => void): void;
}
