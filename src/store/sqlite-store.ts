import { existsSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  Identity,
  LoginFailureEntry,
  LoginFailures,
  NamespaceRecord,
  NamespaceSettings,
  PutResult,
  Store,
  StoreStats,
  SweepResult,
  TokenRecord,
} from './store.js';
import { NONCE_TABLE } from './sqlite-schema.js';
import { prepareStatements, SWEEP_INDEXES, type Statements } from './sqlite-statements.js';
import { toIdentity, toNamespace, toToken } from './sqlite-rows.js';
import { createTokenInserter, type PendingToken } from './sqlite-token-inserts.js';
import { openStateFile } from './sqlite-checks.js';

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
  readonly secretKey: Buffer;
  private readonly db: Database.Database;
  private readonly stmt: Statements;
  private pending: (PendingToken & { resolve: (id: number) => void; reject: (err: unknown) => void })[] = [];
  private readonly insertTokens: (batch: readonly PendingToken[]) => void;
  private lastId: number;
  private flushScheduled = false;

  constructor(dir: string, options: SqliteStoreOptions = {}) {
    const opened = openStateFile(dir, options.notice);
    this.db = opened.db;
    this.file = opened.file;
    this.db.exec(SWEEP_INDEXES);
    this.db.exec(NONCE_TABLE);
    this.stmt = prepareStatements(this.db);
    this.insertTokens = createTokenInserter(this.db);
    this.secretKey = this.readSecretKey();
    // Ids are never reused, also across restarts: AUTOINCREMENT keeps the highest one ever
    // given in sqlite_sequence, which an explicit id updates too.
    const seq = this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'tokens'").get() as { seq: number } | undefined;
    this.lastId = seq?.seq ?? 0;
  }

  private readSecretKey(): Buffer {
    const row = this.stmt.getMeta.get('secret_key') as { value: Buffer } | undefined;
    if (row) return row.value;
    const key = randomBytes(32);
    this.stmt.setMeta.run('secret_key', key);
    return key;
  }

  async getNamespace(ns: string): Promise<NamespaceRecord | undefined> {
    return toNamespace(this.stmt.getNamespace.get(ns));
  }

  async createNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    this.flush();
    this.db.transaction(() => {
      if (this.stmt.getNamespace.get(ns)) return;
      this.stmt.insertNamespace.run(ns, now, seedHash);
      for (const identity of seed) this.writeIdentity(ns, identity, true);
    })();
    return toNamespace(this.stmt.getNamespace.get(ns))!;
  }

  async resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    this.flush();
    this.db.transaction(() => {
      this.dropNamespace(ns);
      this.stmt.insertNamespace.run(ns, now, seedHash);
      for (const identity of seed) this.writeIdentity(ns, identity, true);
    })();
    return toNamespace(this.stmt.getNamespace.get(ns))!;
  }

  async reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void> {
    this.flush();
    this.db.transaction(() => {
      for (const identity of seed) this.writeIdentity(ns, identity, true);
      this.stmt.setSeedHash.run(seedHash, ns);
    })();
  }

  private dropNamespace(ns: string): boolean {
    for (const s of [
      this.stmt.deleteNsTokens,
      this.stmt.deleteNsFailures,
      this.stmt.deleteNsIdentities,
      this.stmt.deleteNsKeys,
      this.stmt.deleteNsCounters,
      this.stmt.deleteNsNonces,
    ]) {
      s.run(ns);
    }
    return this.stmt.deleteNamespace.run(ns).changes > 0;
  }

  async updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined> {
    this.flush();
    return this.db.transaction(() => {
      const current = toNamespace(this.stmt.getNamespace.get(ns));
      if (!current) return undefined;
      const offset = patch.clockOffsetMs ?? current.clockOffsetMs;
      const settings = patch.settings ?? current.settings;
      this.stmt.updateNamespace.run(offset, JSON.stringify(settings), ns);
      return { ...current, clockOffsetMs: offset, settings: structuredClone(settings) };
    })();
  }

  async deleteNamespace(ns: string): Promise<boolean> {
    this.flush();
    return this.db.transaction(() => this.dropNamespace(ns))();
  }

  async listNamespaces(): Promise<NamespaceRecord[]> {
    return this.stmt.listNamespaces.all().map((row) => toNamespace(row)!);
  }

  async getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined> {
    return toIdentity(api, kind, this.stmt.getIdentity.get(ns, api, kind, id));
  }

  async findIdentity(ns: string, api: string, kind: string, key: string): Promise<Identity | undefined> {
    return toIdentity(api, kind, this.stmt.findIdentity.get(ns, api, kind, key));
  }

  async listIdentities(ns: string, api: string, kind: string): Promise<Identity[]> {
    return this.stmt.listIdentities.all(ns, api, kind).map((row) => toIdentity(api, kind, row)!);
  }

  async putIdentity(ns: string, identity: Identity): Promise<PutResult> {
    this.flush();
    return this.db.transaction(() => this.writeIdentity(ns, identity, false))();
  }

  /** Inside a transaction. `force` takes keys over from other identities (seeding). */
  private writeIdentity(ns: string, identity: Identity, force: boolean): PutResult {
    const { api, kind, id, keys } = identity;
    for (const key of keys) {
      const owner = (this.stmt.keyOwner.get(ns, api, kind, key) as { id: string } | undefined)?.id;
      if (owner !== undefined && owner !== id) {
        if (!force) return 'key-conflict';
        this.removeIdentity(ns, api, kind, owner);
      }
    }
    this.removeIdentity(ns, api, kind, id);
    this.stmt.insertIdentity.run(ns, api, kind, id, JSON.stringify(keys), JSON.stringify(identity.data));
    for (const key of keys) this.stmt.insertKey.run(ns, api, kind, key, id);
    return 'ok';
  }

  private removeIdentity(ns: string, api: string, kind: string, id: string): boolean {
    this.stmt.deleteKeys.run(ns, api, kind, id);
    return this.stmt.deleteIdentity.run(ns, api, kind, id).changes > 0;
  }

  async deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean> {
    this.flush();
    return this.db.transaction(() => this.removeIdentity(ns, api, kind, id))();
  }

  async nextId(ns: string, counter: string, atLeast: number): Promise<number> {
    this.flush();
    return (this.stmt.nextId.get(ns, counter, atLeast, atLeast) as { value: number }).value;
  }

  saveToken(ns: string, fields: Omit<TokenRecord, 'id'>): Promise<number> {
    const record = { ...fields, id: ++this.lastId };
    return new Promise((resolve, reject) => {
      this.pending.push({ ns, record, resolve, reject });
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
    try {
      this.db.transaction(() => this.insertTokens(batch))();
      batch.forEach((p) => p.resolve(p.record.id));
    } catch {
      // One bad insert must not fail the others: retry each on its own.
      for (const p of batch) {
        try {
          this.insertTokens([p]);
          p.resolve(p.record.id);
        } catch (err) {
          p.reject(err);
        }
      }
    }
  }

  async findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined> {
    return toToken(this.stmt.findToken.get(id, ns, api));
  }

  async listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]> {
    this.flush();
    const rows = this.stmt.listTokens.all({
      ns,
      api: filter.api ?? null,
      userType: filter.userType ?? null,
      userId: filter.userId ?? null,
    });
    return rows.map((row) => toToken(row)!);
  }

  async revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number> {
    this.flush();
    return this.stmt.revokeUser.run(ns, api, userType, userId).changes;
  }

  async revokeToken(ns: string, api: string, id: number): Promise<boolean> {
    this.flush();
    return this.stmt.revokeOne.run(id, ns, api).changes > 0;
  }

  async getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined> {
    const row = this.stmt.getFailures.get(ns, api, userType, username) as { failures: number; lock_expires_at: number } | undefined;
    return row ? { failures: row.failures, lockExpiresAt: row.lock_expires_at } : undefined;
  }

  async recordLoginFailure(
    ns: string,
    api: string,
    userType: string,
    username: string,
    now: number,
    lockMs: number,
  ): Promise<LoginFailures> {
    this.flush();
    const row = this.stmt.recordFailure.get(ns, api, userType, username, now + lockMs, now, now + lockMs) as {
      failures: number;
      lock_expires_at: number;
    };
    return { failures: row.failures, lockExpiresAt: row.lock_expires_at };
  }

  async clearLoginFailures(ns: string, api: string, userType: string, username: string): Promise<boolean> {
    this.flush();
    return this.stmt.clearFailures.run(ns, api, userType, username).changes > 0;
  }

  async listLoginFailures(ns: string): Promise<LoginFailureEntry[]> {
    return (this.stmt.listFailures.all(ns) as any[]).map((r) => ({
      api: r.api,
      userType: r.user_type,
      username: r.username,
      failures: r.failures,
      lockExpiresAt: r.lock_expires_at,
    }));
  }

  async clearAllLoginFailures(ns: string): Promise<number> {
    this.flush();
    return this.stmt.deleteNsFailures.run(ns).changes;
  }

  async rememberNonce(ns: string, consumerKey: string, nonce: string, timestamp: number): Promise<boolean> {
    this.flush();
    return this.stmt.rememberNonce.run(ns, consumerKey, nonce, timestamp).changes === 1;
  }

  async sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult> {
    this.flush();
    return this.db.transaction(() => {
      const tokens = this.stmt.sweepTokens.run({ ns: ns ?? null, now, limit }).changes;
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
      'DELETE FROM tokens; DELETE FROM login_failures; DELETE FROM identities; DELETE FROM identity_keys; DELETE FROM counters; DELETE FROM oauth_nonces; DELETE FROM namespaces;',
    );
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.close();
  }
}
