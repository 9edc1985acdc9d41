import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { SCHEMA_VERSION } from '../../src/store/sqlite-schema.js';
import type { Identity, NewToken } from '../../src/store/store.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 0, 1);
const SECRET = Buffer.alloc(32, 7);

/**
 * The state file as authmock wrote it at state version 3, before tokens had scopes and
 * claims (git show ec5aff1:src/store/sqlite-schema.ts, with the nonce table and sweep
 * indexes it made at open).
 */
const V3_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE namespaces (
  name TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  clock_offset_ms INTEGER NOT NULL DEFAULT 0,
  settings TEXT NOT NULL DEFAULT '{}',
  seed_hash TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE identities (
  ns TEXT NOT NULL, api TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL,
  keys TEXT NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (ns, api, kind, id)
) WITHOUT ROWID;
CREATE TABLE identity_keys (
  ns TEXT NOT NULL, api TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL,
  PRIMARY KEY (ns, api, kind, key)
) WITHOUT ROWID;
CREATE TABLE counters (ns TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (ns, name)) WITHOUT ROWID;
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
CREATE TABLE login_failures (
  ns TEXT NOT NULL,
  api TEXT NOT NULL,
  user_type TEXT NOT NULL,
  username TEXT NOT NULL,
  failures INTEGER NOT NULL,
  lock_expires_at INTEGER NOT NULL,
  PRIMARY KEY (ns, api, user_type, username)
) WITHOUT ROWID;
CREATE TABLE oauth_nonces (
  ns TEXT NOT NULL, consumer_key TEXT NOT NULL, nonce TEXT NOT NULL, timestamp INTEGER NOT NULL,
  PRIMARY KEY (ns, consumer_key, nonce)
) WITHOUT ROWID;
CREATE INDEX tokens_by_expiry ON tokens (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX login_failures_by_expiry ON login_failures (lock_expires_at);
PRAGMA user_version = 3;
`;

const roni: Identity = { api: 'commerce', kind: 'customer', id: '1', keys: ['roni@example.com'], data: { firstname: 'Veronica' } };
const jane: Identity = { api: 'social', kind: 'user', id: '7', keys: ['u:jane.doe', 'e:jane@example.com'], data: { verified: true } };

/** A version-3 state file holding a bit of everything, written as the old code wrote it. */
function writeVersion3File(dir: string): void {
  const raw = new Database(join(dir, 'authmock.sqlite'));
  raw.exec(V3_SCHEMA);
  raw.prepare('INSERT INTO meta VALUES (?, ?)').run('secret_key', SECRET);
  raw.prepare('INSERT INTO namespaces VALUES (?, ?, ?, ?, ?)').run('default', NOW, 5000, '{"lockoutFailures":2}', 'seed-1');
  raw.prepare('INSERT INTO namespaces VALUES (?, ?, ?, ?, ?)').run('team-b', NOW + 1, 0, '{}', 'seed-1');
  const identity = raw.prepare('INSERT INTO identities VALUES (?, ?, ?, ?, ?, ?)');
  const key = raw.prepare('INSERT INTO identity_keys VALUES (?, ?, ?, ?, ?)');
  for (const [ns, i] of [
    ['default', roni],
    ['default', jane],
    ['team-b', roni],
  ] as const) {
    identity.run(ns, i.api, i.kind, i.id, JSON.stringify(i.keys), JSON.stringify(i.data));
    for (const k of i.keys) key.run(ns, i.api, i.kind, k, i.id);
  }
  raw.prepare('INSERT INTO counters VALUES (?, ?, ?)').run('default', 'commerce:customer', 41);
  const token = raw.prepare(
    'INSERT INTO tokens (ns, api, verifier_hash, user_type, user_id, client_app, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  token.run('default', 'commerce', 'v-1', 'customer', '1', null, NOW, null);
  token.run('default', 'social', 'v-2', 'social', '7', 'demo-mobile-app', NOW, NOW + 60_000);
  token.run('team-b', 'commerce', 'v-3', 'admin', '1', null, NOW, NOW + 1000);
  token.run('default', 'commerce', 'v-4', 'customer', '2', null, NOW, null);
  raw.prepare('DELETE FROM tokens WHERE id = 4').run(); // revoked: its id is never given again
  raw.prepare('INSERT INTO login_failures VALUES (?, ?, ?, ?, ?, ?)').run('default', 'commerce', 'customer', 'roni', 4, NOW + 60_000);
  raw.prepare('INSERT INTO oauth_nonces VALUES (?, ?, ?, ?)').run('default', 'erp', 'used-nonce', NOW);
  raw.close();
}

describe('a state file of version 3 (before token scopes and claims)', () => {
  it('is migrated in place with nothing a user stored lost, and then keeps scopes and claims', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-v3-'));
    dirs.push(dir);
    writeVersion3File(dir);

    const notices: string[] = [];
    const store = new SqliteStore(dir, { notice: (m) => notices.push(m) });
    let withClaims: number;
    const scoped: NewToken = {
      api: 'commerce',
      verifierHash: 'v-5',
      userType: 'customer',
      userId: '1',
      issuedAt: NOW,
      expiresAt: null,
      scopes: ['orders:read'],
      claims: { tenant: 'acme', level: 2 },
    };
    try {
      expect(notices).toEqual([expect.stringMatching(/migrated from version 3/)]);
      expect(store.secretKey.equals(SECRET)).toBe(true);
      // namespaces, with their clock and settings
      expect(await store.namespaces.list()).toEqual([
        { name: 'default', createdAt: NOW, clockOffsetMs: 5000, settings: { lockoutFailures: 2 }, seedHash: 'seed-1' },
        { name: 'team-b', createdAt: NOW + 1, clockOffsetMs: 0, settings: {}, seedHash: 'seed-1' },
      ]);
      // identities, by id and by each key, and the id counter
      expect(await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' })).toEqual(roni);
      expect(await store.identities.find({ ns: 'default', api: 'social', kind: 'user', key: 'e:jane@example.com' })).toEqual(jane);
      expect(await store.identities.find({ ns: 'team-b', api: 'commerce', kind: 'customer', key: 'roni@example.com' })).toEqual(roni);
      expect(await store.identities.nextId({ ns: 'default', counter: 'commerce:customer', atLeast: 1 })).toBe(42);
      // tokens, every field as it was and no scopes or claims
      expect(await store.tokens.list({ ns: 'default' })).toEqual([
        { id: 1, api: 'commerce', verifierHash: 'v-1', userType: 'customer', userId: '1', issuedAt: NOW, expiresAt: null },
        {
          id: 2,
          api: 'social',
          verifierHash: 'v-2',
          userType: 'social',
          userId: '7',
          clientApp: 'demo-mobile-app',
          issuedAt: NOW,
          expiresAt: NOW + 60_000,
        },
      ]);
      expect(await store.tokens.find({ ns: 'team-b', api: 'commerce', id: 3 })).toMatchObject({ userType: 'admin', expiresAt: NOW + 1000 });
      // lockouts and nonces
      expect(await store.lockouts.list('default')).toEqual([
        { api: 'commerce', userType: 'customer', username: 'roni', failures: 4, lockExpiresAt: NOW + 60_000 },
      ]);
      expect(await store.nonces.remember({ ns: 'default', consumerKey: 'erp', nonce: 'used-nonce', timestamp: NOW })).toBe(false);
      // a new token carries its scopes and claims; ids go on after the highest ever given
      withClaims = await store.tokens.save({ ns: 'default', token: scoped });
      expect(withClaims).toBe(5);
      expect(await store.tokens.find({ ns: 'default', api: 'commerce', id: withClaims })).toEqual({ ...scoped, id: withClaims });
      // the old tokens still revoke and sweep
      expect(await store.tokens.revoke({ ns: 'default', api: 'commerce', id: 1 })).toBe(true);
      expect(await store.sweep({ ns: 'team-b', now: NOW + 1000, limit: 10 })).toEqual({ tokens: 1, failures: 0 });
    } finally {
      await store.close();
    }

    const check = new Database(join(dir, 'authmock.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    const reopened = new SqliteStore(dir, { notice: (m) => notices.push(m) });
    try {
      expect(notices).toHaveLength(1); // migrated once
      expect(await reopened.tokens.find({ ns: 'default', api: 'commerce', id: withClaims })).toEqual({ ...scoped, id: withClaims });
      expect((await reopened.tokens.find({ ns: 'default', api: 'social', id: 2 }))?.clientApp).toBe('demo-mobile-app');
      expect(await reopened.lockouts.get({ ns: 'default', api: 'commerce', userType: 'customer', username: 'roni' })).toEqual({
        failures: 4,
        lockExpiresAt: NOW + 60_000,
      });
    } finally {
      await reopened.close();
    }
  });

  it('is left as it was when the migration cannot finish', () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-v3-'));
    dirs.push(dir);
    writeVersion3File(dir);
    // a column of that name already there makes the ALTER fail half-way
    const raw = new Database(join(dir, 'authmock.sqlite'));
    raw.exec('ALTER TABLE tokens ADD COLUMN claims TEXT');
    raw.close();
    expect(() => new SqliteStore(dir)).toThrow(/duplicate column/);
    const check = new Database(join(dir, 'authmock.sqlite'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(3);
    expect(check.prepare('SELECT count(*) AS n FROM tokens').get()).toEqual({ n: 3 });
    expect(check.prepare("SELECT count(*) AS n FROM pragma_table_info('tokens') WHERE name = 'scopes'").get()).toEqual({ n: 0 });
    check.close();
  });
});

describe('a state file of version 4 (before the authorization servers)', () => {
  /** A version-4 file: what this authmock writes, less the tables version 5 added. */
  async function writeVersion4File(dir: string): Promise<void> {
    const store = new SqliteStore(dir);
    await store.namespaces.create({ ns: 'default', seed: [roni], seedHash: 'seed-1', now: NOW });
    await store.tokens.save({
      ns: 'default',
      token: { api: 'shop', verifierHash: 'v-1', userType: 'user', userId: 'alice', issuedAt: NOW, expiresAt: null, scopes: ['read'] },
    });
    await store.close();
    const raw = new Database(join(dir, 'authmock.sqlite'));
    raw.exec('DROP TABLE oauth_keys; DROP TABLE oauth_codes; DROP TABLE oauth_refresh; DROP TABLE oauth_revoked; PRAGMA user_version = 4;');
    raw.close();
  }

  it('gains the OAuth tables in place, every row kept, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-v4-'));
    dirs.push(dir);
    await writeVersion4File(dir);
    const notices: string[] = [];
    const store = new SqliteStore(dir, { notice: (m) => notices.push(m) });
    try {
      expect(notices).toEqual([expect.stringMatching(/migrated from version 4.*every row was kept/)]);
      expect(await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' })).toEqual(roni);
      expect(await store.tokens.find({ ns: 'default', api: 'shop', id: 1 })).toMatchObject({ userId: 'alice', scopes: ['read'] });
      await store.oauth.revokeAccess({ ns: 'default', jti: 'j1', expiresAt: NOW + 1000 });
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'j1' })).toBe(true);
    } finally {
      await store.close();
    }
    const reopened = new SqliteStore(dir, { notice: (m) => notices.push(m) });
    try {
      expect(notices).toHaveLength(1);
      expect(await reopened.oauth.isRevoked({ ns: 'default', jti: 'j1' })).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
