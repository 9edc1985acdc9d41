import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Identity, Store, TokenRecord } from '../../src/store/store.js';
import { STORE_IMPLEMENTATIONS } from './implementations.js';

const NOW = Date.UTC(2026, 0, 1);
const LOCK_MS = 1800_000;

type NewToken = Omit<TokenRecord, 'id'>;
const token = (over: Partial<NewToken> = {}): NewToken => ({
  api: 'commerce',
  verifierHash: 'hash-1',
  userType: 'customer',
  userId: '1',
  issuedAt: NOW,
  expiresAt: null,
  ...over,
});

const identity = (id: string, keys: string[], data: Record<string, unknown> = {}, over: Partial<Identity> = {}): Identity => ({
  api: 'commerce',
  kind: 'customer',
  id,
  keys,
  data: { name: `customer ${id}`, ...data },
  ...over,
});

const SEED: readonly Identity[] = [
  identity('1', ['roni@example.com'], { nested: { city: 'Calder' } }),
  identity('2', ['john@example.com']),
  identity('admin', ['admin'], {}, { kind: 'admin' }),
];

const byId = (list: { id: string | number }[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe.each(STORE_IMPLEMENTATIONS)('the $name store', (impl) => {
  let store: Store;
  beforeEach(async () => {
    store = await impl.open();
    await store.createNamespace('default', SEED, 'seed-1', NOW);
    await store.createNamespace('other', SEED, 'seed-1', NOW);
  });
  afterEach(async () => {
    await impl.close(store);
  });

  it('names its kind', () => {
    expect(store.kind).toBe(impl.kind ?? impl.name);
  });

  it('keeps a secret key of 32 bytes that does not change while open', () => {
    expect(Buffer.isBuffer(store.secretKey)).toBe(true);
    expect(store.secretKey).toHaveLength(32);
    expect(store.secretKey.equals(store.secretKey)).toBe(true);
  });

  describe('namespaces', () => {
    it('creates a namespace with its seed, no clock offset and no settings', async () => {
      const record = await store.createNamespace('fresh', SEED, 'seed-x', NOW + 5);
      expect(record).toEqual({ name: 'fresh', createdAt: NOW + 5, clockOffsetMs: 0, settings: {}, seedHash: 'seed-x' });
      expect(await store.getNamespace('fresh')).toEqual(record);
      expect(byId(await store.listIdentities('fresh', 'commerce', 'customer'))).toEqual(SEED.filter((i) => i.kind === 'customer'));
    });

    it('leaves an existing namespace as it is when asked to create it again', async () => {
      await store.putIdentity('default', identity('3', ['new@example.com']));
      const again = await store.createNamespace('default', [], 'seed-2', NOW + 99);
      expect(again).toMatchObject({ name: 'default', createdAt: NOW, seedHash: 'seed-1' });
      expect(await store.getIdentity('default', 'commerce', 'customer', '3')).toBeDefined();
      expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toBeDefined();
    });

    it('knows no namespace it never created', async () => {
      expect(await store.getNamespace('nowhere')).toBeUndefined();
      expect(await store.updateNamespace('nowhere', { clockOffsetMs: 5 })).toBeUndefined();
      expect(await store.deleteNamespace('nowhere')).toBe(false);
    });

    it('lists every namespace', async () => {
      await store.createNamespace('third', [], 'seed-3', NOW);
      const names = (await store.listNamespaces()).map((n) => n.name).sort();
      expect(names).toEqual(['default', 'other', 'third']);
    });

    it('updates the clock offset and the settings, each on its own', async () => {
      const settings = { lockoutFailures: 3, lockoutSeconds: 60, tokenLifetimes: { customer: 3600, admin: null } };
      expect(await store.updateNamespace('default', { clockOffsetMs: 7_000 })).toMatchObject({ clockOffsetMs: 7_000, settings: {} });
      expect(await store.updateNamespace('default', { settings })).toMatchObject({ clockOffsetMs: 7_000, settings });
      expect(await store.getNamespace('default')).toMatchObject({ clockOffsetMs: 7_000, settings });
      expect(await store.getNamespace('other')).toMatchObject({ clockOffsetMs: 0, settings: {} });
    });

    it('resets a namespace to its seed, dropping its tokens, failures, clock offset and settings', async () => {
      await store.putIdentity('default', identity('1', ['roni@example.com'], { name: 'changed' }));
      await store.putIdentity('default', identity('3', ['new@example.com']));
      await store.deleteIdentity('default', 'commerce', 'customer', '2');
      const mine = await store.saveToken('default', token());
      const theirs = await store.saveToken('other', token());
      await store.recordLoginFailure('default', 'commerce', 'customer', 'roni@example.com', NOW, LOCK_MS);
      await store.recordLoginFailure('other', 'commerce', 'customer', 'roni@example.com', NOW, LOCK_MS);
      await store.updateNamespace('default', { clockOffsetMs: 60_000, settings: { lockoutFailures: 2 } });

      const record = await store.resetNamespace('default', SEED, 'seed-2', NOW + 1);
      expect(record).toEqual({ name: 'default', createdAt: NOW + 1, clockOffsetMs: 0, settings: {}, seedHash: 'seed-2' });
      expect(byId(await store.listIdentities('default', 'commerce', 'customer'))).toEqual(SEED.filter((i) => i.kind === 'customer'));
      expect(await store.findIdentity('default', 'commerce', 'customer', 'new@example.com')).toBeUndefined();
      expect(await store.findToken('default', 'commerce', mine)).toBeUndefined();
      expect(await store.listLoginFailures('default')).toEqual([]);
      // the other namespace is untouched
      expect(await store.findToken('other', 'commerce', theirs)).toBeDefined();
      expect(await store.listLoginFailures('other')).toHaveLength(1);
    });

    it('creates a namespace on reset when it did not exist', async () => {
      const record = await store.resetNamespace('brand-new', SEED, 'seed-1', NOW);
      expect(record.name).toBe('brand-new');
      expect(await store.getIdentity('brand-new', 'commerce', 'admin', 'admin')).toEqual(SEED[2]);
    });

    it('reseeds by writing the seed identities over their old versions and keeping every other one', async () => {
      await store.putIdentity('default', identity('3', ['added@example.com']));
      const token1 = await store.saveToken('default', token());
      const newSeed = [identity('1', ['roni.new@example.com'], { name: 'Veronica' }), SEED[1], SEED[2]];
      await store.reseedNamespace('default', newSeed, 'seed-2');
      expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toEqual(newSeed[0]);
      expect(await store.findIdentity('default', 'commerce', 'customer', 'roni.new@example.com')).toEqual(newSeed[0]);
      expect(await store.findIdentity('default', 'commerce', 'customer', 'roni@example.com')).toBeUndefined();
      expect(await store.findIdentity('default', 'commerce', 'customer', 'added@example.com')).toMatchObject({ id: '3' });
      expect(await store.findToken('default', 'commerce', token1)).toBeDefined();
      expect((await store.getNamespace('default'))?.seedHash).toBe('seed-2');
      expect(await store.getIdentity('other', 'commerce', 'customer', '1')).toEqual(SEED[0]);
    });

    it('deletes a namespace with everything in it, and only that one', async () => {
      const mine = await store.saveToken('default', token());
      const theirs = await store.saveToken('other', token());
      await store.recordLoginFailure('default', 'commerce', 'customer', 'x', NOW, LOCK_MS);
      expect(await store.deleteNamespace('default')).toBe(true);
      expect(await store.getNamespace('default')).toBeUndefined();
      expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toBeUndefined();
      expect(await store.findIdentity('default', 'commerce', 'customer', 'roni@example.com')).toBeUndefined();
      expect(await store.findToken('default', 'commerce', mine)).toBeUndefined();
      expect(await store.listLoginFailures('default')).toEqual([]);
      expect(await store.findToken('other', 'commerce', theirs)).toBeDefined();
      expect(await store.getIdentity('other', 'commerce', 'customer', '1')).toEqual(SEED[0]);
      expect(await store.deleteNamespace('default')).toBe(false);
    });

    it('forgets every namespace on reset', async () => {
      const id = await store.saveToken('default', token());
      await store.reset();
      expect(await store.listNamespaces()).toEqual([]);
      expect(await store.findToken('default', 'commerce', id)).toBeUndefined();
      expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toBeUndefined();
    });
  });

  describe('identities', () => {
    it('gets a stored identity by id and finds it by each of its keys', async () => {
      const jane = identity('7', ['jane.doe', 'jane@example.com'], { verified: true }, { api: 'social', kind: 'user' });
      expect(await store.putIdentity('default', jane)).toBe('ok');
      expect(await store.getIdentity('default', 'social', 'user', '7')).toEqual(jane);
      expect(await store.findIdentity('default', 'social', 'user', 'jane.doe')).toEqual(jane);
      expect(await store.findIdentity('default', 'social', 'user', 'jane@example.com')).toEqual(jane);
      expect(await store.findIdentity('default', 'social', 'user', 'JANE.DOE')).toBeUndefined();
      expect(await store.getIdentity('default', 'social', 'user', '8')).toBeUndefined();
    });

    it('hands out copies: changing what it returned or what it was given changes nothing stored', async () => {
      const given = identity('9', ['nine']);
      await store.putIdentity('default', given);
      given.data.name = 'mutated';
      given.keys.push('extra');
      const got = (await store.getIdentity('default', 'commerce', 'customer', '9'))!;
      expect(got.data.name).toBe('customer 9');
      got.data.name = 'mutated again';
      expect((await store.getIdentity('default', 'commerce', 'customer', '9'))!.data.name).toBe('customer 9');
      expect(await store.findIdentity('default', 'commerce', 'customer', 'extra')).toBeUndefined();
    });

    it('lists the identities of one api and kind only', async () => {
      await store.putIdentity('default', identity('1', ['jane'], {}, { api: 'social', kind: 'user' }));
      expect(byId(await store.listIdentities('default', 'commerce', 'customer')).map((i) => i.id)).toEqual(['1', '2']);
      expect((await store.listIdentities('default', 'commerce', 'admin')).map((i) => i.id)).toEqual(['admin']);
      expect((await store.listIdentities('default', 'social', 'user')).map((i) => i.id)).toEqual(['1']);
      expect(await store.listIdentities('default', 'social', 'app')).toEqual([]);
    });

    it('refuses an identity whose key belongs to another one, and changes nothing', async () => {
      expect(await store.putIdentity('default', identity('3', ['fresh', 'roni@example.com']))).toBe('key-conflict');
      expect(await store.getIdentity('default', 'commerce', 'customer', '3')).toBeUndefined();
      expect(await store.findIdentity('default', 'commerce', 'customer', 'fresh')).toBeUndefined();
      expect(await store.findIdentity('default', 'commerce', 'customer', 'roni@example.com')).toEqual(SEED[0]);
    });

    it('lets the same key name identities of another kind or api', async () => {
      expect(await store.putIdentity('default', identity('a1', ['roni@example.com'], {}, { kind: 'admin' }))).toBe('ok');
      expect(await store.putIdentity('default', identity('u1', ['roni@example.com'], {}, { api: 'social', kind: 'user' }))).toBe('ok');
      expect((await store.findIdentity('default', 'commerce', 'customer', 'roni@example.com'))?.id).toBe('1');
      expect((await store.findIdentity('default', 'commerce', 'admin', 'roni@example.com'))?.id).toBe('a1');
    });

    it('moves the keys when an identity is replaced, freeing the old ones', async () => {
      const replaced = identity('1', ['veronica@example.com'], { name: 'Veronica' });
      expect(await store.putIdentity('default', replaced)).toBe('ok');
      expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toEqual(replaced);
      expect(await store.findIdentity('default', 'commerce', 'customer', 'veronica@example.com')).toEqual(replaced);
      expect(await store.findIdentity('default', 'commerce', 'customer', 'roni@example.com')).toBeUndefined();
      expect(await store.putIdentity('default', identity('3', ['roni@example.com']))).toBe('ok');
    });

    it('deletes an identity and its keys, and says whether there was one', async () => {
      expect(await store.deleteIdentity('default', 'commerce', 'customer', '2')).toBe(true);
      expect(await store.getIdentity('default', 'commerce', 'customer', '2')).toBeUndefined();
      expect(await store.findIdentity('default', 'commerce', 'customer', 'john@example.com')).toBeUndefined();
      expect(await store.deleteIdentity('default', 'commerce', 'customer', '2')).toBe(false);
      expect(await store.getIdentity('other', 'commerce', 'customer', '2')).toEqual(SEED[1]);
    });

    it('keeps namespaces apart', async () => {
      await store.putIdentity('default', identity('1', ['roni@example.com'], { name: 'only in default' }));
      await store.putIdentity('other', identity('5', ['five']));
      expect((await store.getIdentity('default', 'commerce', 'customer', '1'))?.data.name).toBe('only in default');
      expect((await store.getIdentity('other', 'commerce', 'customer', '1'))?.data.name).toBe('customer 1');
      expect(await store.findIdentity('default', 'commerce', 'customer', 'five')).toBeUndefined();
      // a key taken in one namespace is free in another
      expect(await store.putIdentity('other', identity('6', ['john@example.com']))).toBe('key-conflict');
      expect(await store.putIdentity('default', identity('6', ['five']))).toBe('ok');
    });
  });

  describe('nextId', () => {
    it('counts up by one from its first value, never below atLeast', async () => {
      expect(await store.nextId('default', 'customer', 5)).toBe(5);
      expect(await store.nextId('default', 'customer', 1)).toBe(6);
      expect(await store.nextId('default', 'customer', 100)).toBe(100);
      expect(await store.nextId('default', 'customer', 1)).toBe(101);
    });

    it('keeps one counter per name and per namespace', async () => {
      expect(await store.nextId('default', 'customer', 3)).toBe(3);
      expect(await store.nextId('default', 'customer', 3)).toBe(4);
      expect(await store.nextId('default', 'admin', 1)).toBe(1);
      expect(await store.nextId('other', 'customer', 1)).toBe(1);
    });

    it('gives concurrent callers distinct, consecutive numbers', async () => {
      const ids = await Promise.all(Array.from({ length: 50 }, () => store.nextId('default', 'customer', 1)));
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  });

  describe('tokens', () => {
    it('finds a saved token by namespace, api and id, with every field as saved', async () => {
      const record = token({ expiresAt: NOW + 60_000 });
      const id = await store.saveToken('default', record);
      expect(await store.findToken('default', 'commerce', id)).toEqual({ ...record, id });
    });

    it('keeps the client app of a social token, and no client app for others', async () => {
      const social = token({ api: 'social', verifierHash: 's-1', userType: 'user', clientApp: 'demo-mobile-app' });
      const socialId = await store.saveToken('default', social);
      const commerceId = await store.saveToken('default', token());
      expect(await store.findToken('default', 'social', socialId)).toEqual({ ...social, id: socialId });
      const commerce = await store.findToken('default', 'commerce', commerceId);
      expect(commerce?.clientApp).toBeUndefined();
      expect(commerce?.expiresAt).toBeNull();
    });

    it('gives each token a new id, increasing across namespaces', async () => {
      const ids: number[] = [];
      for (const ns of ['default', 'other', 'default', 'other', 'default']) ids.push(await store.saveToken(ns, token()));
      expect(new Set(ids).size).toBe(5);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    });

    it('gives distinct ids to tokens saved in the same turn', async () => {
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => store.saveToken(i % 2 ? 'default' : 'other', token())));
      expect(new Set(ids).size).toBe(20);
    });

    it('finds a token only in its own namespace and api', async () => {
      const id = await store.saveToken('default', token());
      expect(await store.findToken('other', 'commerce', id)).toBeUndefined();
      expect(await store.findToken('default', 'social', id)).toBeUndefined();
      expect(await store.findToken('default', 'commerce', id + 1000)).toBeUndefined();
    });

    it('does not let a caller change a saved token through the object it passed', async () => {
      const record = token();
      const id = await store.saveToken('default', record);
      record.userId = '99';
      expect((await store.findToken('default', 'commerce', id))?.userId).toBe('1');
    });

    it('lists the tokens of a namespace, filtered by api, user type and user id', async () => {
      const a = await store.saveToken('default', token());
      const b = await store.saveToken('default', token({ userId: '2' }));
      const c = await store.saveToken('default', token({ userType: 'admin', userId: '1' }));
      const d = await store.saveToken('default', token({ api: 'social', userType: 'user', clientApp: 'app' }));
      await store.saveToken('other', token());
      const ids = async (filter: Parameters<Store['listTokens']>[1]) => (await store.listTokens('default', filter)).map((t) => t.id);
      expect(await ids({})).toEqual([a, b, c, d]);
      expect(await ids({ api: 'commerce' })).toEqual([a, b, c]);
      expect(await ids({ api: 'commerce', userType: 'customer' })).toEqual([a, b]);
      expect(await ids({ api: 'commerce', userType: 'customer', userId: '2' })).toEqual([b]);
      expect(await ids({ userId: '1' })).toEqual([a, c, d]);
      expect(await ids({ api: 'social' })).toEqual([d]);
      expect((await store.listTokens('default', { api: 'social' }))[0]).toMatchObject({ clientApp: 'app', userType: 'user' });
      expect(await store.listTokens('nowhere', {})).toEqual([]);
    });

    it("revokes every token of one user and says how many, leaving everyone else's", async () => {
      const a = await store.saveToken('default', token());
      const b = await store.saveToken('default', token());
      const c = await store.saveToken('default', token({ userId: '2' }));
      const d = await store.saveToken('default', token({ userType: 'admin' })); // admin 1 is another user than customer 1
      const e = await store.saveToken('default', token({ api: 'social', userType: 'customer', clientApp: 'x' }));
      const f = await store.saveToken('other', token());
      expect(await store.revokeUserTokens('default', 'commerce', 'customer', '1')).toBe(2);
      expect(await store.findToken('default', 'commerce', a)).toBeUndefined();
      expect(await store.findToken('default', 'commerce', b)).toBeUndefined();
      expect(await store.findToken('default', 'commerce', c)).toBeDefined();
      expect(await store.findToken('default', 'commerce', d)).toBeDefined();
      expect(await store.findToken('default', 'social', e)).toBeDefined();
      expect(await store.findToken('other', 'commerce', f)).toBeDefined();
      expect(await store.revokeUserTokens('default', 'commerce', 'customer', '1')).toBe(0);
    });

    it('revokes a token saved in the same turn as the revocation', async () => {
      const pending = store.saveToken('default', token());
      const revoked = store.revokeUserTokens('default', 'commerce', 'customer', '1');
      const id = await pending;
      expect(await revoked).toBe(1);
      expect(await store.findToken('default', 'commerce', id)).toBeUndefined();
    });

    it('revokes one token by id and says whether it existed there', async () => {
      const a = await store.saveToken('default', token());
      const b = await store.saveToken('default', token());
      expect(await store.revokeToken('other', 'commerce', a)).toBe(false);
      expect(await store.revokeToken('default', 'social', a)).toBe(false);
      expect(await store.revokeToken('default', 'commerce', a)).toBe(true);
      expect(await store.revokeToken('default', 'commerce', a)).toBe(false);
      expect(await store.findToken('default', 'commerce', a)).toBeUndefined();
      expect(await store.findToken('default', 'commerce', b)).toBeDefined();
    });
  });

  describe('login failures', () => {
    const record = (ns: string, at: number, name = 'roni') => store.recordLoginFailure(ns, 'commerce', 'customer', name, at, LOCK_MS);

    it('has none for a name never seen', async () => {
      expect(await store.getLoginFailures('default', 'commerce', 'customer', 'nobody')).toBeUndefined();
    });

    it('counts each failure and moves the end of the lock with each one', async () => {
      expect(await record('default', NOW)).toEqual({ failures: 1, lockExpiresAt: NOW + LOCK_MS });
      expect(await record('default', NOW + 1000)).toEqual({ failures: 2, lockExpiresAt: NOW + 1000 + LOCK_MS });
      expect(await record('default', NOW + 2000)).toEqual({ failures: 3, lockExpiresAt: NOW + 2000 + LOCK_MS });
      expect(await store.getLoginFailures('default', 'commerce', 'customer', 'roni')).toEqual({
        failures: 3,
        lockExpiresAt: NOW + 2000 + LOCK_MS,
      });
    });

    it('starts again at one once the lock has expired', async () => {
      await record('default', NOW);
      await record('default', NOW + 1);
      expect(await record('default', NOW + 1 + LOCK_MS + 1)).toEqual({ failures: 1, lockExpiresAt: NOW + 2 + 2 * LOCK_MS });
    });

    it('counts concurrent failures exactly', async () => {
      const results = await Promise.all(Array.from({ length: 25 }, () => record('default', NOW)));
      expect(results.map((r) => r.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect((await store.getLoginFailures('default', 'commerce', 'customer', 'roni'))?.failures).toBe(25);
    });

    it('counts per namespace, api, user type and name', async () => {
      await record('default', NOW);
      await record('default', NOW);
      await store.recordLoginFailure('default', 'commerce', 'admin', 'roni', NOW, LOCK_MS);
      await store.recordLoginFailure('default', 'social', 'customer', 'roni', NOW, LOCK_MS);
      await record('default', NOW, 'john');
      await record('other', NOW);
      expect((await store.getLoginFailures('default', 'commerce', 'customer', 'roni'))?.failures).toBe(2);
      expect((await store.getLoginFailures('default', 'commerce', 'admin', 'roni'))?.failures).toBe(1);
      expect((await store.getLoginFailures('default', 'social', 'customer', 'roni'))?.failures).toBe(1);
      expect((await store.getLoginFailures('other', 'commerce', 'customer', 'roni'))?.failures).toBe(1);
    });

    it('clears the count of one name and says whether there was one', async () => {
      await record('default', NOW);
      await store.recordLoginFailure('default', 'commerce', 'admin', 'roni', NOW, LOCK_MS);
      expect(await store.clearLoginFailures('default', 'commerce', 'customer', 'roni')).toBe(true);
      expect(await store.getLoginFailures('default', 'commerce', 'customer', 'roni')).toBeUndefined();
      expect(await store.getLoginFailures('default', 'commerce', 'admin', 'roni')).toBeDefined();
      expect(await store.clearLoginFailures('default', 'commerce', 'customer', 'roni')).toBe(false);
      expect(await record('default', NOW)).toMatchObject({ failures: 1 });
    });

    it('lists and clears every count of one namespace', async () => {
      await record('default', NOW);
      await record('default', NOW, 'john');
      await record('other', NOW);
      const entries = await store.listLoginFailures('default');
      expect([...entries].sort((a, b) => a.username.localeCompare(b.username))).toEqual([
        { api: 'commerce', userType: 'customer', username: 'john', failures: 1, lockExpiresAt: NOW + LOCK_MS },
        { api: 'commerce', userType: 'customer', username: 'roni', failures: 1, lockExpiresAt: NOW + LOCK_MS },
      ]);
      expect(await store.clearAllLoginFailures('default')).toBe(2);
      expect(await store.listLoginFailures('default')).toEqual([]);
      expect(await store.listLoginFailures('other')).toHaveLength(1);
      expect(await store.clearAllLoginFailures('default')).toBe(0);
    });
  });

  it('can be closed twice', async () => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
