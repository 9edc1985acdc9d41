import { existsSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  IdentityStore,
  LockoutStore,
  NamespaceStore,
  NonceStore,
  OAuthStore,
  RecordStore,
  Store,
  StoreStats,
  SweepResult,
  TokenStore,
} from './store.js';
import { NONCE_TABLE } from './sqlite-schema.js';
import { prepareStatements, SWEEP_INDEXES, type SqliteContext, type Statements } from './sqlite-statements.js';
import { createTokenBatch } from './sqlite-token-inserts.js';
import { openStateFile } from './sqlite-checks.js';
import { createSqliteNamespaces } from './sqlite-namespaces.js';
import { createSqliteIdentities } from './sqlite-identities.js';
import { createRecordTables, createSqliteRecords } from './sqlite-records.js';
import { createSqliteTokens } from './sqlite-tokens.js';
import { createSqliteLockouts, createSqliteNonces } from './sqlite-lockouts.js';
import { createSqliteOAuth, type SqliteOAuth } from './sqlite-oauth.js';

export { StateError } from './sqlite-checks.js';

export interface SqliteStoreOptions {
  /** told of what opening the state did (a migration), once */
  notice?: (message: string) => void;
}

/**
 * The default store: one SQLite file in the state directory, private to the user (0700,
 * the file 0600). WAL with synchronous=NORMAL keeps every committed write across a crash
 * or kill of the process (an OS crash may lose the last transactions), without an fsync
 * on the request path.
 *
 * Token inserts, the one write on the hot path, are grouped per turn of the event loop
 * (sqlite-token-inserts.ts); other writes commit at once, after any pending inserts, so
 * the order of writes is kept. The file is locked for this process alone (EXCLUSIVE): a
 * second server or `authmock reset` on the same state gets a clear "in use" error instead
 * of a second, diverging writer.
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly file: string;
  readonly secretKey: Buffer;
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
  readonly records: RecordStore;
  readonly tokens: TokenStore;
  readonly lockouts: LockoutStore;
  readonly nonces: NonceStore;
  readonly oauth: OAuthStore;
  private readonly oauthTables: SqliteOAuth;
  private readonly db: Database.Database;
  private readonly stmt: Statements;
  private readonly flush: () => void;

  constructor(dir: string, options: SqliteStoreOptions = {}) {
    const opened = openStateFile(dir, options.notice);
    this.db = opened.db;
    this.file = opened.file;
    this.db.exec(SWEEP_INDEXES);
    this.db.exec(NONCE_TABLE);
    createRecordTables(this.db);
    this.stmt = prepareStatements(this.db);
    this.secretKey = this.readSecretKey();
    const batch = createTokenBatch(this.db);
    this.flush = batch.flush;
    const context: SqliteContext = { db: this.db, stmt: this.stmt, flush: batch.flush, later: batch.later };
    this.oauthTables = createSqliteOAuth(context);
    this.oauth = this.oauthTables.store;
    const records = createSqliteRecords(context);
    this.records = records.store;
    this.namespaces = createSqliteNamespaces(context, { dropOAuth: this.oauthTables.drop, records });
    this.identities = createSqliteIdentities(context);
    this.tokens = createSqliteTokens(context, batch);
    this.lockouts = createSqliteLockouts(context);
    this.nonces = createSqliteNonces(context);
  }

  private readSecretKey(): Buffer {
    const row = this.stmt.getMeta.get('secret_key') as { value: Buffer } | undefined;
    if (row) return row.value;
    const key = randomBytes(32);
    this.stmt.setMeta.run('secret_key', key);
    return key;
  }

  async sweep({ ns, now, limit }: { ns?: string; now: number; limit: number }): Promise<SweepResult> {
    this.flush();
    return this.db.transaction(() => {
      let tokens = this.stmt.sweepTokens.run({ ns: ns ?? null, now, limit }).changes;
      // codes, refresh tokens and revocations count as tokens
      if (tokens < limit) tokens += this.oauthTables.sweep({ ns, now, limit: limit - tokens });
      const failures = tokens < limit ? this.stmt.sweepFailures.run({ ns: ns ?? null, now, limit: limit - tokens }).changes : 0;
      return { tokens, failures };
    })();
  }

  async stats(): Promise<StoreStats> {
    const counts = this.stmt.countAll.get() as Omit<StoreStats, 'fileBytes' | 'walBytes'>;
    const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
    return { ...counts, fileBytes: size(this.file), walBytes: size(`${this.file}-wal`) };
  }

  async reset(): Promise<void> {
    this.flush();
    this.db.exec(
      'DELETE FROM tokens; DELETE FROM login_failures; DELETE FROM identities; DELETE FROM identity_keys; DELETE FROM counters; DELETE FROM oauth_nonces; DELETE FROM namespaces; ' +
        'DELETE FROM oauth_keys; DELETE FROM oauth_codes; DELETE FROM oauth_refresh; DELETE FROM oauth_revoked; DELETE FROM oauth_access; ' +
        'DELETE FROM records; DELETE FROM record_counters; DELETE FROM record_owner_counts;',
    );
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.close();
  }
}
