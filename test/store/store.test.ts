import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import type { Store, TokenRecord } from '../../src/store/store.js';
import { ACCOUNTS, customerToken, makeApp, socialToken } from '../support/make-app.js';
import { COMMERCE, SOCIAL, bearer } from '../support/wire.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-store-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 0, 1);
type NewToken = Omit<TokenRecord, 'id'>;
const token = (over: Partial<NewToken> = {}): NewToken => ({
  api: 'commerce',
  verifierHash: 'hash-1',
  userType: 'customer',
  userId: 1,
  issuedAt: NOW,
  expiresAt: null,
  ...over,
});

const KINDS = [
  { kind: 'memory', open: () => new MemoryStore() },
  { kind: 'sqlite', open: () => new SqliteStore(tempDir()) },
] as const;

describe.each(KINDS)('the $kind store', ({ kind, open }) => {
  let store: Store;
  beforeEach(() => {
    store = open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('names its kind', () => {
    expect(store.kind).toBe(kind);
  });

  describe('tokens', () => {
    it('finds a saved token by api and id, with every field as saved', async () => {
      const record = token({ expiresAt: NOW + 60_000 });
      const id = await store.saveToken(record);
      expect(await store.findToken('commerce', id)).toEqual({ ...record, id });
    });

    it('gives each token a new, increasing id', async () => {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await store.saveToken(token()));
      expect(new Set(ids).size).toBe(5);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    });

    it('gives distinct ids to tokens saved in the same turn', async () => {
      const ids = await Promise.all([store.saveToken(token()), store.saveToken(token()), store.saveToken(token({ api: 'social' }))]);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(await store.findToken(id === ids[2] ? 'social' : 'commerce', id)).toBeDefined();
    });

    it('keeps the client app of a social token, and no client app for others', async () => {
      const social = token({ api: 'social', verifierHash: 's-1', userType: 'social', clientApp: 'demo-mobile-app' });
      const socialId = await store.saveToken(social);
      const commerceId = await store.saveToken(token());
      expect(await store.findToken('social', socialId)).toEqual({ ...social, id: socialId });
      const commerce = await store.findToken('commerce', commerceId);
      expect(commerce?.clientApp).toBeUndefined();
      expect(commerce?.expiresAt).toBeNull();
    });

    it('finds nothing for an unknown id or another api', async () => {
      const id = await store.saveToken(token());
      expect(await store.findToken('commerce', id + 1000)).toBeUndefined();
      expect(await store.findToken('social', id)).toBeUndefined();
    });

    it('does not let a caller change a saved token through the object it passed', async () => {
      const record = token();
      const id = await store.saveToken(record);
      record.userId = 99;
      expect((await store.findToken('commerce', id))?.userId).toBe(1);
    });

    it("revokes every token of one user and reports how many, leaving other users' tokens", async () => {
      const a = await store.saveToken(token());
      const b = await store.saveToken(token());
      const c = await store.saveToken(token({ userId: 2 }));
      const d = await store.saveToken(token({ userType: 'admin' })); // admin 1 is another user than customer 1
      const e = await store.saveToken(token({ api: 'social', userType: 'social', clientApp: 'x' }));
      expect(await store.revokeUserTokens('commerce', 'customer', 1)).toBe(2);
      expect(await store.findToken('commerce', a)).toBeUndefined();
      expect(await store.findToken('commerce', b)).toBeUndefined();
      expect(await store.findToken('commerce', c)).toBeDefined();
      expect(await store.findToken('commerce', d)).toBeDefined();
      expect(await store.findToken('social', e)).toBeDefined();
      expect(await store.revokeUserTokens('commerce', 'customer', 1)).toBe(0);
    });

    it('revokes a token saved in the same turn as the revocation', async () => {
      const pending = store.saveToken(token());
      const revoked = store.revokeUserTokens('commerce', 'customer', 1);
      const id = await pending;
      expect(await revoked).toBe(1);
      expect(await store.findToken('commerce', id)).toBeUndefined();
    });

    it('revokes one token by id and reports whether it existed', async () => {
      const a = await store.saveToken(token());
      const b = await store.saveToken(token());
      expect(await store.revokeToken('commerce', a)).toBe(true);
      expect(await store.revokeToken('commerce', a)).toBe(false);
      expect(await store.revokeToken('social', b)).toBe(false);
      expect(await store.findToken('commerce', a)).toBeUndefined();
      expect(await store.findToken('commerce', b)).toBeDefined();
    });
  });

  describe('login failures', () => {
    it('has none for a name never seen', async () => {
      expect(await store.getLoginFailures('commerce', 'customer', 'nobody')).toBeUndefined();
    });

    it('stores, overwrites and clears the count per api, user type and name', async () => {
      await store.setLoginFailures('commerce', 'customer', 'roni', { failures: 1, lockExpiresAt: NOW });
      await store.setLoginFailures('commerce', 'customer', 'roni', { failures: 2, lockExpiresAt: NOW + 1 });
      await store.setLoginFailures('commerce', 'admin', 'roni', { failures: 5, lockExpiresAt: NOW + 2 });
      expect(await store.getLoginFailures('commerce', 'customer', 'roni')).toEqual({ failures: 2, lockExpiresAt: NOW + 1 });
      expect(await store.getLoginFailures('commerce', 'admin', 'roni')).toEqual({ failures: 5, lockExpiresAt: NOW + 2 });
      expect(await store.getLoginFailures('social', 'customer', 'roni')).toBeUndefined();
      await store.clearLoginFailures('commerce', 'customer', 'roni');
      expect(await store.getLoginFailures('commerce', 'customer', 'roni')).toBeUndefined();
      expect(await store.getLoginFailures('commerce', 'admin', 'roni')).toBeDefined();
    });

    it('clears a name never seen without complaint', async () => {
      await expect(store.clearLoginFailures('commerce', 'customer', 'nobody')).resolves.toBeUndefined();
    });
  });

  it('forgets every token and failure count on reset', async () => {
    const c = await store.saveToken(token());
    const s = await store.saveToken(token({ api: 'social', userType: 'social', clientApp: 'x' }));
    await store.setLoginFailures('commerce', 'customer', 'roni', { failures: 3, lockExpiresAt: NOW });
    await store.reset();
    expect(await store.findToken('commerce', c)).toBeUndefined();
    expect(await store.findToken('social', s)).toBeUndefined();
    expect(await store.getLoginFailures('commerce', 'customer', 'roni')).toBeUndefined();
  });

  it('can be closed twice', async () => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe('the sqlite store across a restart', () => {
  it('keeps tokens, revocations and failure counts after close and reopen', async () => {
    const dir = tempDir();
    const first = new SqliteStore(dir);
    const kept = await first.saveToken(token({ verifierHash: 'kept', expiresAt: NOW + 5000 }));
    const revoked = await first.saveToken(token({ verifierHash: 'revoked' }));
    await first.revokeToken('commerce', revoked);
    await first.setLoginFailures('commerce', 'customer', 'roni', { failures: 4, lockExpiresAt: NOW + 9 });
    await first.close();

    const second = new SqliteStore(dir);
    try {
      expect(await second.findToken('commerce', kept)).toEqual({ ...token({ verifierHash: 'kept', expiresAt: NOW + 5000 }), id: kept });
      expect(await second.findToken('commerce', revoked)).toBeUndefined();
      expect(await second.saveToken(token())).toBeGreaterThan(revoked); // ids keep growing
      expect(await second.getLoginFailures('commerce', 'customer', 'roni')).toEqual({ failures: 4, lockExpiresAt: NOW + 9 });
    } finally {
      await second.close();
    }
  });

  it('keeps a reset after close and reopen', async () => {
    const dir = tempDir();
    const first = new SqliteStore(dir);
    const id = await first.saveToken(token());
    await first.reset();
    await first.close();
    const second = new SqliteStore(dir);
    try {
      expect(await second.findToken('commerce', id)).toBeUndefined();
    } finally {
      await second.close();
    }
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
