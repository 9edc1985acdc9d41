import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { SCHEMA_VERSION } from '../../src/store/sqlite-schema.js';
import type { Identity, TokenRecord } from '../../src/store/store.js';
import { ACCOUNTS, customerToken, makeApp, socialToken } from '../support/make-app.js';
import { COMMERCE, SOCIAL, bearer } from '../support/wire.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-sqlite-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 0, 1);
const token = (over: Partial<Omit<TokenRecord, 'id'>> = {}): Omit<TokenRecord, 'id'> => ({
  api: 'commerce',
  verifierHash: 'hash-1',
  userType: 'customer',
  userId: '1',
  issuedAt: NOW,
  expiresAt: null,
  ...over,
});
const roni: Identity = { api: 'commerce', kind: 'customer', id: '1', keys: ['roni@example.com'], data: { firstname: 'Veronica' } };

/** Opens, runs `body`, closes: the file is unlocked again whatever happens. */
async function withStore<T>(dir: string, body: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = new SqliteStore(dir);
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}

// The state file of authmock before namespaces (git show fd3f4be:src/store/sqlite-store.ts).
const V2_SCHEMA = `
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
PRAGMA user_version = 2;
`;

describe('token inserts grouped per turn of the event loop', () => {
  it('stores every token of a batch larger than one statement carries (70: chunks of 32), each as given, scopes and claims too', async () => {
    await withStore(tempDir(), async (store) => {
      await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
      const records = Array.from({ length: 70 }, (_, i) =>
        token({
          verifierHash: `hash-${i}`,
          userId: String(i % 7),
          clientApp: i % 2 ? 'app' : undefined,
          expiresAt: i % 3 ? NOW + i : null,
          scopes: i % 4 ? undefined : [`scope-${i}`],
          claims: i % 5 ? undefined : { n: i, tags: ['t'] },
        }),
      );
      const ids = await Promise.all(records.map((r) => store.tokens.save({ ns: 'default', token: r })));
      expect(new Set(ids).size).toBe(70);
      for (const [i, id] of ids.entries()) {
        const found = await store.tokens.find({ ns: 'default', api: 'commerce', id });
        expect(found).toEqual({ id, ...records[i], clientApp: records[i].clientApp });
      }
    });
  });

  it('fails only the bad insert of a batch: the others are stored and answered', async () => {
    await withStore(tempDir(), async (store) => {
      await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
      const bad = token({ verifierHash: null as unknown as string });
      const results = await Promise.allSettled(
        [token(), bad, token({ userId: '2' })].map((r) => store.tokens.save({ ns: 'default', token: r })),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      for (const r of results)
        if (r.status === 'fulfilled') expect(await store.tokens.find({ ns: 'default', api: 'commerce', id: r.value })).toBeDefined();
    });
  });
});

describe('the sqlite store across close and reopen', () => {
  it('keeps namespaces, identities, counters, tokens, revocations, failures and its secret key', async () => {
    const dir = tempDir();
    const before = await withStore(dir, async (s) => {
      await s.namespaces.create({ ns: 'default', seed: [roni], seedHash: 'seed-1', now: NOW });
      await s.namespaces.update({ ns: 'default', clockOffsetMs: 5000, settings: { lockoutFailures: 2 } });
      await s.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 10 });
      const kept = await s.tokens.save({ ns: 'default', token: token({ verifierHash: 'kept', expiresAt: NOW + 5000 }) });
      const revoked = await s.tokens.save({ ns: 'default', token: token({ verifierHash: 'revoked' }) });
      await s.tokens.revoke({ ns: 'default', api: 'commerce', id: revoked });
      await s.lockouts.recordFailure({ ns: 'default', api: 'commerce', userType: 'customer', username: 'roni', now: NOW, lockMs: 9 });
      return { kept, revoked, key: Buffer.from(s.secretKey) };
    });
    await withStore(dir, async (s) => {
      expect(s.secretKey.equals(before.key)).toBe(true);
      expect(await s.namespaces.get('default')).toEqual({
        name: 'default',
        createdAt: NOW,
        clockOffsetMs: 5000,
        settings: { lockoutFailures: 2 },
        seedHash: 'seed-1',
      });
      expect(await s.identities.find({ ns: 'default', api: 'commerce', kind: 'customer', key: 'roni@example.com' })).toEqual(roni);
      expect(await s.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 1 })).toBe(11);
      expect(await s.tokens.find({ ns: 'default', api: 'commerce', id: before.kept })).toEqual({
        ...token({ verifierHash: 'kept', expiresAt: NOW + 5000 }),
        id: before.kept,
      });
      expect(await s.tokens.find({ ns: 'default', api: 'commerce', id: before.revoked })).toBeUndefined();
      expect(await s.tokens.save({ ns: 'default', token: token() })).toBeGreaterThan(before.revoked); // ids are never reused
      expect(await s.lockouts.get({ ns: 'default', api: 'commerce', userType: 'customer', username: 'roni' })).toEqual({
        failures: 1,
        lockExpiresAt: NOW + 9,
      });
    });
  });

  it('keeps a reset after close and reopen', async () => {
    const dir = tempDir();
    const id = await withStore(dir, async (s) => {
      const saved = await s.tokens.save({ ns: 'default', token: token() });
      await s.reset();
      return saved;
    });
    await withStore(dir, async (s) => {
      expect(await s.tokens.find({ ns: 'default', api: 'commerce', id })).toBeUndefined();
      expect(await s.namespaces.list()).toEqual([]);
    });
  });

  it('lets tokens issued before a restart of the app keep working, and revoked ones stay revoked', async () => {
    const dir = tempDir();
    const before = makeApp({}, { store: new SqliteStore(dir) });
    const commerce = await customerToken(before);
    const revoked = await customerToken(before, ACCOUNTS.john);
    const social = await socialToken(before);
    await before.http.post(COMMERCE.revoke).set(bearer(revoked)).expect(200);
    await before.store.close();

    const after = makeApp({}, { store: new SqliteStore(dir) });
    try {
      await after.http.get(COMMERCE.me).set(bearer(commerce)).expect(200);
      await after.http.get(COMMERCE.me).set(bearer(revoked)).expect(401);
      await after.http.get(SOCIAL.profile).set(bearer(social)).expect(200);
    } finally {
      await after.store.close();
    }
  });

  it('keeps a login lockout across a restart of the app', async () => {
    const dir = tempDir();
    const before = makeApp({}, { store: new SqliteStore(dir) });
    for (let i = 0; i < 6; i++) {
      await before.http.post(COMMERCE.customerToken).send({ username: ACCOUNTS.roni.username, password: 'wrong' }).expect(401);
    }
    await before.store.close();
    const after = makeApp({}, { store: new SqliteStore(dir) });
    try {
      await after.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(401);
    } finally {
      await after.store.close();
    }
  });
});

describe('the sqlite state file', () => {
  it('makes its directory private to the user (0700) and the file 0600, also when the directory existed', async () => {
    const parent = tempDir();
    const dir = join(parent, 'state');
    mkdirSync(dir, { mode: 0o755 });
    await withStore(dir, async () => {});
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'authmock.sqlite')).mode & 0o777).toBe(0o600);
    const nested = join(parent, 'a', 'b');
    await withStore(nested, async () => {});
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('migrates a version-2 file in place: its tokens and failures land in the default namespace, user ids as text', async () => {
    const dir = tempDir();
    const file = join(dir, 'authmock.sqlite');
    const raw = new Database(file);
    raw.exec(V2_SCHEMA);
    const insert = raw.prepare(
      'INSERT INTO tokens (api, verifier_hash, user_type, user_id, client_app, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('commerce', 'v-1', 'customer', 1, null, NOW, null);
    insert.run('social', 'v-2', 'user', 7, 'demo-mobile-app', NOW, NOW + 1000);
    insert.run('commerce', 'v-3', 'admin', 1, null, NOW, null);
    insert.run('commerce', 'v-4', 'customer', 2, null, NOW, null);
    raw.prepare('DELETE FROM tokens WHERE id >= 3').run(); // the sequence (4) is now above the highest id left (2)
    raw.prepare('INSERT INTO login_failures VALUES (?, ?, ?, ?, ?)').run('commerce', 'customer', 'roni', 4, NOW + 60_000);
    raw.close();

    const notices: string[] = [];
    const store = new SqliteStore(dir, { notice: (m) => notices.push(m) });
    try {
      expect(notices).toEqual([expect.stringMatching(/migrated from version 2/)]);
      expect(await store.tokens.find({ ns: 'default', api: 'commerce', id: 1 })).toEqual({
        id: 1,
        api: 'commerce',
        verifierHash: 'v-1',
        userType: 'customer',
        userId: '1',
        clientApp: undefined,
        issuedAt: NOW,
        expiresAt: null,
      });
      expect(await store.tokens.find({ ns: 'default', api: 'social', id: 2 })).toMatchObject({
        userId: '7',
        clientApp: 'demo-mobile-app',
        expiresAt: NOW + 1000,
      });
      expect(await store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '1' })).toBe(1);
      expect(await store.lockouts.get({ ns: 'default', api: 'commerce', userType: 'customer', username: 'roni' })).toEqual({
        failures: 4,
        lockExpiresAt: NOW + 60_000,
      });
      expect(await store.tokens.save({ ns: 'default', token: token() })).toBe(5); // AUTOINCREMENT's sequence kept: 3 and 4 are never given again
    } finally {
      await store.close();
    }
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    await withStore(dir, async (s) => expect((await s.tokens.find({ ns: 'default', api: 'social', id: 2 }))?.userId).toBe('7'));
  });

  it('refuses a file from a newer authmock, naming it, and leaves it untouched', () => {
    const dir = tempDir();
    const file = join(dir, 'authmock.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => new SqliteStore(dir)).toThrow(`${file} was written by a newer authmock (state version ${SCHEMA_VERSION + 1}`);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    check.close();
  });

  it('refuses a zero-length file instead of starting afresh over it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'authmock.sqlite'), '');
    expect(() => new SqliteStore(dir)).toThrow(/authmock\.sqlite is empty \(0 bytes\)/);
  });

  it.each([
    ['a page in the middle', (size: number) => Math.floor(size / 2 / 4096) * 4096 + 100],
    // the end of the page, where a leaf keeps its rows: garbage in the free space between
    // header and rows damages nothing, and how full the last page is depends on row sizes
    ['the last page', (size: number) => size - 2048],
  ])('refuses a file with garbage over %s as damaged', async (_where, offsetOf) => {
    const dir = tempDir();
    await withStore(dir, async (s) => {
      await s.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
      for (let i = 0; i < 200; i++) {
        await s.identities.put({
          ns: 'default',
          identity: { ...roni, id: String(i), keys: [`user-${i}@example.com`], data: { pad: 'x'.repeat(200) } },
        });
      }
      for (let i = 0; i < 500; i++)
        await s.tokens.save({ ns: 'default', token: token({ userId: String(i), verifierHash: `h-${i}`.padEnd(64, '0') }) });
    });
    const file = join(dir, 'authmock.sqlite');
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(8 * 4096);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(2048, 0xa5), 0, 2048, offsetOf(size));
    closeSync(fd);
    expect(() => new SqliteStore(dir)).toThrow(/is damaged/);
  });
});
