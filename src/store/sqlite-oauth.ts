import type { AccessRecord, AuthorizationCode, OAuthStore, RefreshState, RefreshToken, SigningKey } from './store.js';
import type { SqliteContext, Statement } from './sqlite-statements.js';
import { ACCESS_RECORDS_KEPT } from './oauth-store.js';

const TRIM_EVERY = 100;

/**
 * The signed access tokens' records, for the listing: made at open where missing (a new
 * table, no row of an older file touched, as the records' tables are), swept once expired.
 * Rows are appended in signing order (a rowid table: a random jti as the key made every
 * insert a B-tree split somewhere, measured at a twentieth of a token's CPU), with no index
 * on the expiry: at most ACCESS_RECORDS_KEPT of a namespace, which the sweep reads through.
 */
const ACCESS_TABLE = `
CREATE TABLE IF NOT EXISTS oauth_access (
  seq INTEGER PRIMARY KEY, ns TEXT NOT NULL, jti TEXT NOT NULL, api TEXT NOT NULL, expires_at INTEGER NOT NULL, record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS oauth_access_by_ns ON oauth_access (ns, seq);
`;

/** The statements of the authorization servers' tables (version 5), prepared once. */
function prepareOAuth(db: SqliteContext['db']) {
  db.exec(ACCESS_TABLE);
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    recordAccess: p('INSERT INTO oauth_access (ns, jti, api, expires_at, record) VALUES (?, ?, ?, ?, ?)'),
    // the newest ACCESS_RECORDS_KEPT (a trim may be up to TRIM_EVERY behind), in the order they were issued
    listAccess: p(
      'SELECT record, revoked FROM (SELECT a.seq, a.record, r.jti IS NOT NULL AS revoked FROM oauth_access a ' +
        'LEFT JOIN oauth_revoked r ON r.ns = a.ns AND r.jti = a.jti WHERE a.ns = @ns AND (@api IS NULL OR a.api = @api) ORDER BY a.seq DESC LIMIT @kept) ' +
        "ORDER BY json_extract(record, '$.issuedAt'), seq",
    ),
    dropAccess: p('DELETE FROM oauth_access WHERE ns = ?'),
    trimAccess: p(
      'DELETE FROM oauth_access WHERE ns = @ns AND seq <= (SELECT seq FROM oauth_access WHERE ns = @ns ORDER BY seq DESC LIMIT 1 OFFSET @kept)',
    ),
    sweepAccess: p(
      'DELETE FROM oauth_access WHERE seq IN (SELECT seq FROM oauth_access WHERE expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    getKey: p('SELECT record FROM oauth_keys WHERE ns = ? AND kid = ?'),
    listKeys: p("SELECT record FROM oauth_keys WHERE ns = ? ORDER BY json_extract(record, '$.createdAt'), kid"),
    activeKey: p("SELECT record FROM oauth_keys WHERE ns = ? AND alg = ? AND state = 'active'"),
    putKey: p('INSERT OR REPLACE INTO oauth_keys (ns, kid, alg, state, record) VALUES (?, ?, ?, ?, ?)'),
    saveCode: p('INSERT OR REPLACE INTO oauth_codes (ns, hash, code, used, expires_at) VALUES (?, ?, ?, 0, ?)'),
    getCode: p('SELECT code, used FROM oauth_codes WHERE ns = ? AND hash = ?'),
    useCode: p('UPDATE oauth_codes SET used = 1 WHERE ns = ? AND hash = ?'),
    saveRefresh: p("INSERT OR REPLACE INTO oauth_refresh (ns, hash, family, state, token, expires_at) VALUES (?, ?, ?, 'current', ?, ?)"),
    getRefresh: p('SELECT token, state FROM oauth_refresh WHERE ns = ? AND hash = ?'),
    setRefreshState: p('UPDATE oauth_refresh SET state = ? WHERE ns = ? AND hash = ?'),
    familyTokens: p('SELECT token FROM oauth_refresh WHERE ns = ? AND family = ?'),
    revokeFamily: p("UPDATE oauth_refresh SET state = 'revoked' WHERE ns = ? AND family = ?"),
    revokeAccess: p(
      'INSERT INTO oauth_revoked (ns, jti, expires_at) VALUES (?, ?, ?) ON CONFLICT (ns, jti) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)',
    ),
    isRevoked: p('SELECT 1 FROM oauth_revoked WHERE ns = ? AND jti = ?'),
    dropKeys: p('DELETE FROM oauth_keys WHERE ns = ?'),
    dropCodes: p('DELETE FROM oauth_codes WHERE ns = ?'),
    dropRefresh: p('DELETE FROM oauth_refresh WHERE ns = ?'),
    dropRevoked: p('DELETE FROM oauth_revoked WHERE ns = ?'),
    sweepCodes: p(
      'DELETE FROM oauth_codes WHERE (ns, hash) IN (SELECT ns, hash FROM oauth_codes WHERE expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    sweepRefresh: p(
      'DELETE FROM oauth_refresh WHERE (ns, hash) IN (SELECT ns, hash FROM oauth_refresh WHERE expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    sweepRevoked: p(
      'DELETE FROM oauth_revoked WHERE (ns, jti) IN (SELECT ns, jti FROM oauth_revoked WHERE expires_at <= @now AND (@ns IS NULL OR ns = @ns) LIMIT @limit)',
    ),
    retiredKeys: p("SELECT ns, kid, record FROM oauth_keys WHERE state = 'retired' AND (@ns IS NULL OR ns = @ns)"),
    deleteKey: p('DELETE FROM oauth_keys WHERE ns = ? AND kid = ?'),
  };
}

export interface SqliteOAuth {
  store: OAuthStore;
  /** forgets a namespace's OAuth state (inside the caller's transaction) */
  drop(ns: string): void;
  /** deletes what has expired, at most `limit` rows; answers how many */
  sweep(args: { ns?: string; now: number; limit: number }): number;
}

const parse = <T>(row: unknown, column: string): T | undefined =>
  row ? (JSON.parse((row as Record<string, string>)[column]) as T) : undefined;

/** The SQLite store's authorization-server state: every read-decide-write step one transaction. */
export function createSqliteOAuth({ db, flush, later }: SqliteContext): SqliteOAuth {
  const stmt = prepareOAuth(db);
  const recorded = new Map<string, number>(); // records since a namespace's last trim
  const putKey = (ns: string, key: SigningKey) => stmt.putKey.run(ns, key.kid, key.alg, key.state, JSON.stringify(key));
  const revokeFamily = (ns: string, family: string): number => {
    const tokens = stmt.familyTokens.all(ns, family).map((row) => parse<RefreshToken>(row, 'token')!);
    for (const t of tokens) stmt.revokeAccess.run(ns, t.accessJti, t.accessExpiresAt);
    stmt.revokeFamily.run(ns, family);
    return tokens.length;
  };
  const saveRefresh = (ns: string, hash: string, token: RefreshToken) =>
    stmt.saveRefresh.run(ns, hash, token.family, JSON.stringify(token), token.expiresAt);
  const store: OAuthStore = {
    async getKey({ ns, kid }) {
      return parse<SigningKey>(stmt.getKey.get(ns, kid), 'record');
    },
    async activeKey({ ns, alg }) {
      return parse<SigningKey>(stmt.activeKey.get(ns, alg), 'record');
    },
    async listKeys(ns) {
      return stmt.listKeys.all(ns).map((row) => parse<SigningKey>(row, 'record')!);
    },
    async addKey({ ns, key, rotate, now }) {
      flush();
      return db.transaction(() => {
        const active = parse<SigningKey>(stmt.activeKey.get(ns, key.alg), 'record');
        if (active && !rotate) return active;
        if (active) putKey(ns, { ...active, state: 'retired', retiredAt: now });
        const added: SigningKey = { ...key, state: 'active' };
        putKey(ns, added);
        return added;
      })();
    },
    async extendKey({ ns, kid, lifetimeMs }) {
      flush();
      db.transaction(() => {
        const key = parse<SigningKey>(stmt.getKey.get(ns, kid), 'record');
        if (key && key.longestLifetimeMs < lifetimeMs) putKey(ns, { ...key, longestLifetimeMs: lifetimeMs });
      })();
    },
    async saveCode({ ns, hash, code }) {
      flush();
      stmt.saveCode.run(ns, hash, JSON.stringify(code), code.expiresAt);
    },
    async takeCode({ ns, hash, now }) {
      flush();
      return db.transaction(() => {
        const row = stmt.getCode.get(ns, hash) as { code: string; used: number } | undefined;
        if (!row) return { outcome: 'unknown' as const };
        const code = JSON.parse(row.code) as AuthorizationCode;
        if (row.used) return { outcome: 'used' as const, code };
        if (code.expiresAt <= now) return { outcome: 'expired' as const };
        stmt.useCode.run(ns, hash);
        return { outcome: 'ok' as const, code };
      })();
    },
    async saveRefresh({ ns, hash, token }) {
      flush();
      saveRefresh(ns, hash, token);
    },
    async useRefresh({ ns, hash, clientId, now, next }) {
      flush();
      return db.transaction(() => {
        const row = stmt.getRefresh.get(ns, hash) as { token: string; state: RefreshState } | undefined;
        if (!row) return { outcome: 'unknown' as const };
        const token = JSON.parse(row.token) as RefreshToken;
        if (token.clientId !== clientId) return { outcome: 'other-client' as const };
        if (row.state === 'revoked') return { outcome: 'revoked' as const };
        if (row.state === 'rotated') {
          revokeFamily(ns, token.family);
          return { outcome: 'reused' as const };
        }
        if (token.expiresAt <= now) return { outcome: 'expired' as const };
        stmt.setRefreshState.run('rotated', ns, hash);
        saveRefresh(ns, next.hash, next.token);
        return { outcome: 'rotated' as const, previous: token };
      })();
    },
    async findRefresh({ ns, hash }) {
      const row = stmt.getRefresh.get(ns, hash) as { token: string; state: RefreshState } | undefined;
      return row && { token: JSON.parse(row.token) as RefreshToken, state: row.state };
    },
    async revokeFamily({ ns, family }) {
      flush();
      return db.transaction(() => revokeFamily(ns, family))();
    },
    async revokeAccess({ ns, jti, expiresAt }) {
      flush();
      stmt.revokeAccess.run(ns, jti, expiresAt);
    },
    async isRevoked({ ns, jti }) {
      return !!stmt.isRevoked.get(ns, jti);
    },
    async recordAccess({ ns, access }) {
      // on the token endpoint's path: committed with the next batch, as opaque tokens are, and waited for by no answer
      const record = JSON.stringify(access);
      later(() => stmt.recordAccess.run(ns, access.jti, access.api, access.expiresAt, record));
      // the namespace's oldest beyond ACCESS_RECORDS_KEPT go every TRIM_EVERY records (the trim reads that many index entries)
      const count = (recorded.get(ns) ?? 0) + 1;
      recorded.set(ns, count % TRIM_EVERY);
      if (count === TRIM_EVERY) later(() => stmt.trimAccess.run({ ns, kept: ACCESS_RECORDS_KEPT }));
    },
    async listAccess({ ns, api }) {
      flush();
      return (stmt.listAccess.all({ ns, api: api ?? null, kept: ACCESS_RECORDS_KEPT }) as { record: string; revoked: number }[]).map(
        (row) => ({
          ...(JSON.parse(row.record) as AccessRecord),
          revoked: row.revoked === 1,
        }),
      );
    },
  };
  return {
    store,
    drop(ns) {
      for (const s of [stmt.dropKeys, stmt.dropCodes, stmt.dropRefresh, stmt.dropRevoked, stmt.dropAccess]) s.run(ns);
    },
    sweep({ ns, now, limit }) {
      let n = 0;
      for (const s of [stmt.sweepCodes, stmt.sweepRefresh, stmt.sweepRevoked, stmt.sweepAccess]) {
        if (n >= limit) return n;
        n += s.run({ ns: ns ?? null, now, limit: limit - n }).changes;
      }
      for (const row of stmt.retiredKeys.all({ ns: ns ?? null }) as { ns: string; kid: string; record: string }[]) {
        if (n >= limit) return n;
        const key = JSON.parse(row.record) as SigningKey;
        if ((key.retiredAt ?? 0) + key.longestLifetimeMs <= now) n += stmt.deleteKey.run(row.ns, row.kid).changes;
      }
      return n;
    },
  };
}
