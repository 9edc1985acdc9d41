import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Identity, IdentityRef, LoginRef, NamespaceRecord, NewToken, Store, TokenStore } from '../../src/store/store.js';
import { STORE_IMPLEMENTATIONS } from './implementations.js';

const NOW = Date.UTC(2026, 0, 1);
const LOCK_MS = 1800_000;

type TokenFilter = Omit<Parameters<TokenStore['list']>[0], 'ns'>;

// Where the suite's usual records live: commerce customers, their login names and tokens.
const customer = (ns: string, id: string): IdentityRef => ({ ns, api: 'commerce', kind: 'customer', id });
const customerKey = (ns: string, key: string) => ({ ns, api: 'commerce', kind: 'customer', key });
const customers = (ns: string) => ({ ns, api: 'commerce', kind: 'customer' });
const commerceToken = (ns: string, id: number) => ({ ns, api: 'commerce', id });
const login = (ns: string, username: string, over: Partial<LoginRef> = {}): LoginRef => ({
  ns,
  api: 'commerce',
  userType: 'customer',
  username,
  ...over,
});
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

/** a shared store's records carry a version (checked on its own below) */
const withoutVersion = ({ version: _version, ...rest }: NamespaceRecord) => rest;

const byId = (list: { id: string | number }[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe.each(STORE_IMPLEMENTATIONS)('the $name store', (impl) => {
  let store: Store;
  beforeEach(async () => {
    store = await impl.open();
    await store.namespaces.create({ ns: 'default', seed: SEED, seedHash: 'seed-1', now: NOW });
    await store.namespaces.create({ ns: 'other', seed: SEED, seedHash: 'seed-1', now: NOW });
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
      const record = await store.namespaces.create({ ns: 'fresh', seed: SEED, seedHash: 'seed-x', now: NOW + 5 });
      expect(withoutVersion(record)).toEqual({ name: 'fresh', createdAt: NOW + 5, clockOffsetMs: 0, settings: {}, seedHash: 'seed-x' });
      expect(await store.namespaces.get('fresh')).toEqual(record);
      expect(byId(await store.identities.list(customers('fresh')))).toEqual(SEED.filter((i) => i.kind === 'customer'));
    });

    it('leaves an existing namespace as it is when asked to create it again', async () => {
      await store.identities.put({ ns: 'default', identity: identity('3', ['new@example.com']) });
      const again = await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed-2', now: NOW + 99 });
      expect(again).toMatchObject({ name: 'default', createdAt: NOW, seedHash: 'seed-1' });
      expect(await store.identities.get(customer('default', '3'))).toBeDefined();
      expect(await store.identities.get(customer('default', '1'))).toBeDefined();
    });

    it('knows no namespace it never created', async () => {
      expect(await store.namespaces.get('nowhere')).toBeUndefined();
      expect(await store.namespaces.update({ ns: 'nowhere', clockOffsetMs: 5 })).toBeUndefined();
      expect(await store.namespaces.delete('nowhere')).toBe(false);
    });

    it('lists every namespace', async () => {
      await store.namespaces.create({ ns: 'third', seed: [], seedHash: 'seed-3', now: NOW });
      const names = (await store.namespaces.list()).map((n) => n.name).sort();
      expect(names).toEqual(['default', 'other', 'third']);
    });

    it('updates the clock offset and the settings, each on its own', async () => {
      const settings = { lockoutFailures: 3, lockoutSeconds: 60, tokenLifetimes: { customer: 3600, admin: null } };
      expect(await store.namespaces.update({ ns: 'default', clockOffsetMs: 7_000 })).toMatchObject({ clockOffsetMs: 7_000, settings: {} });
      expect(await store.namespaces.update({ ns: 'default', settings })).toMatchObject({ clockOffsetMs: 7_000, settings });
      expect(await store.namespaces.get('default')).toMatchObject({ clockOffsetMs: 7_000, settings });
      expect(await store.namespaces.get('other')).toMatchObject({ clockOffsetMs: 0, settings: {} });
    });

    it('resets a namespace to its seed, dropping its tokens, failures, clock offset and settings', async () => {
      await store.identities.put({ ns: 'default', identity: identity('1', ['roni@example.com'], { name: 'changed' }) });
      await store.identities.put({ ns: 'default', identity: identity('3', ['new@example.com']) });
      await store.identities.delete(customer('default', '2'));
      const mine = await store.tokens.save({ ns: 'default', token: token() });
      const theirs = await store.tokens.save({ ns: 'other', token: token() });
      await store.lockouts.recordFailure({ ...login('default', 'roni@example.com'), now: NOW, lockMs: LOCK_MS });
      await store.lockouts.recordFailure({ ...login('other', 'roni@example.com'), now: NOW, lockMs: LOCK_MS });
      await store.namespaces.update({ ns: 'default', clockOffsetMs: 60_000, settings: { lockoutFailures: 2 } });

      const record = await store.namespaces.reset({ ns: 'default', seed: SEED, seedHash: 'seed-2', now: NOW + 1 });
      expect(withoutVersion(record)).toEqual({ name: 'default', createdAt: NOW + 1, clockOffsetMs: 0, settings: {}, seedHash: 'seed-2' });
      expect(byId(await store.identities.list(customers('default')))).toEqual(SEED.filter((i) => i.kind === 'customer'));
      expect(await store.identities.find(customerKey('default', 'new@example.com'))).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', mine))).toBeUndefined();
      expect(await store.lockouts.list('default')).toEqual([]);
      // the other namespace is untouched
      expect(await store.tokens.find(commerceToken('other', theirs))).toBeDefined();
      expect(await store.lockouts.list('other')).toHaveLength(1);
    });

    it('creates a namespace on reset when it did not exist', async () => {
      const record = await store.namespaces.reset({ ns: 'brand-new', seed: SEED, seedHash: 'seed-1', now: NOW });
      expect(record.name).toBe('brand-new');
      expect(await store.identities.get({ ns: 'brand-new', api: 'commerce', kind: 'admin', id: 'admin' })).toEqual(SEED[2]);
    });

    it('reseeds by writing the seed identities over their old versions and keeping every other one', async () => {
      await store.identities.put({ ns: 'default', identity: identity('3', ['added@example.com']) });
      const token1 = await store.tokens.save({ ns: 'default', token: token() });
      const newSeed = [identity('1', ['roni.new@example.com'], { name: 'Veronica' }), SEED[1], SEED[2]];
      await store.namespaces.reseed({ ns: 'default', seed: newSeed, seedHash: 'seed-2' });
      expect(await store.identities.get(customer('default', '1'))).toEqual(newSeed[0]);
      expect(await store.identities.find(customerKey('default', 'roni.new@example.com'))).toEqual(newSeed[0]);
      expect(await store.identities.find(customerKey('default', 'roni@example.com'))).toBeUndefined();
      expect(await store.identities.find(customerKey('default', 'added@example.com'))).toMatchObject({ id: '3' });
      expect(await store.tokens.find(commerceToken('default', token1))).toBeDefined();
      expect((await store.namespaces.get('default'))?.seedHash).toBe('seed-2');
      expect(await store.identities.get(customer('other', '1'))).toEqual(SEED[0]);
    });

    it('deletes a namespace with everything in it, and only that one', async () => {
      const mine = await store.tokens.save({ ns: 'default', token: token() });
      const theirs = await store.tokens.save({ ns: 'other', token: token() });
      await store.lockouts.recordFailure({ ...login('default', 'x'), now: NOW, lockMs: LOCK_MS });
      expect(await store.namespaces.delete('default')).toBe(true);
      expect(await store.namespaces.get('default')).toBeUndefined();
      expect(await store.identities.get(customer('default', '1'))).toBeUndefined();
      expect(await store.identities.find(customerKey('default', 'roni@example.com'))).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', mine))).toBeUndefined();
      expect(await store.lockouts.list('default')).toEqual([]);
      expect(await store.tokens.find(commerceToken('other', theirs))).toBeDefined();
      expect(await store.identities.get(customer('other', '1'))).toEqual(SEED[0]);
      expect(await store.namespaces.delete('default')).toBe(false);
    });

    it('forgets every namespace on reset', async () => {
      const id = await store.tokens.save({ ns: 'default', token: token() });
      await store.reset();
      expect(await store.namespaces.list()).toEqual([]);
      expect(await store.tokens.find(commerceToken('default', id))).toBeUndefined();
      expect(await store.identities.get(customer('default', '1'))).toBeUndefined();
    });
  });

  describe('the version of a store other processes write', () => {
    const versionOf = async (ns = 'default') => (await store.namespaces.get(ns))?.version;

    it('changes with every write another process may keep a copy of, and with nothing else', async () => {
      const first = await versionOf();
      if (first === undefined) return; // written by this process alone: no version
      const changes: [string, () => Promise<unknown>][] = [
        ['an identity written', () => store.identities.put({ ns: 'default', identity: identity('3', ['new@example.com']) })],
        ['an identity deleted', () => store.identities.delete(customer('default', '3'))],
        ['a failed login', () => store.lockouts.recordFailure({ ...login('default', 'roni@example.com'), now: NOW, lockMs: LOCK_MS })],
        [
          'a token revoked',
          async () => store.tokens.revoke(commerceToken('default', await store.tokens.save({ ns: 'default', token: token() }))),
        ],
        [
          'tokens of a user revoked',
          async () => {
            await store.tokens.save({ ns: 'default', token: token({ userId: '2' }) });
            return store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '2' });
          },
        ],
        ['a reseed', () => store.namespaces.reseed({ ns: 'default', seed: SEED, seedHash: 'seed-2' })],
        ['a reset', () => store.namespaces.reset({ ns: 'default', seed: SEED, seedHash: 'seed-2', now: NOW })],
      ];
      let before = first;
      for (const [what, change] of changes) {
        await change();
        const after = await versionOf();
        expect(after, what).not.toBe(before);
        before = after!;
      }
      await store.tokens.save({ ns: 'default', token: token() });
      await store.tokens.revoke(commerceToken('default', 999_999));
      await store.identities.get(customer('default', '1'));
      await store.namespaces.update({ ns: 'default', clockOffsetMs: 5_000 });
      expect(await versionOf(), 'a token issued, a revocation of nothing, a read, a clock move').toBe(before);
      expect(await versionOf('other')).toBe(await versionOf('other'));
    });

    it('is never that of a namespace deleted under the same name', async () => {
      const old = await versionOf();
      if (old === undefined) return;
      await store.namespaces.delete('default');
      await store.namespaces.create({ ns: 'default', seed: SEED, seedHash: 'seed-1', now: NOW });
      expect(await versionOf()).not.toBe(old);
    });
  });

  describe('identities', () => {
    it('gets a stored identity by id and finds it by each of its keys', async () => {
      const jane = identity('7', ['jane.doe', 'jane@example.com'], { verified: true }, { api: 'social', kind: 'user' });
      expect(await store.identities.put({ ns: 'default', identity: jane })).toBe('ok');
      expect(await store.identities.get({ ns: 'default', api: 'social', kind: 'user', id: '7' })).toEqual(jane);
      expect(await store.identities.find({ ns: 'default', api: 'social', kind: 'user', key: 'jane.doe' })).toEqual(jane);
      expect(await store.identities.find({ ns: 'default', api: 'social', kind: 'user', key: 'jane@example.com' })).toEqual(jane);
      expect(await store.identities.find({ ns: 'default', api: 'social', kind: 'user', key: 'JANE.DOE' })).toBeUndefined();
      expect(await store.identities.get({ ns: 'default', api: 'social', kind: 'user', id: '8' })).toBeUndefined();
    });

    it('hands out copies: changing what it returned or what it was given changes nothing stored', async () => {
      const given = identity('9', ['nine']);
      await store.identities.put({ ns: 'default', identity: given });
      given.data.name = 'mutated';
      given.keys.push('extra');
      const got = (await store.identities.get(customer('default', '9')))!;
      expect(got.data.name).toBe('customer 9');
      got.data.name = 'mutated again';
      expect((await store.identities.get(customer('default', '9')))!.data.name).toBe('customer 9');
      expect(await store.identities.find(customerKey('default', 'extra'))).toBeUndefined();
    });

    it('lists the identities of one api and kind only', async () => {
      await store.identities.put({ ns: 'default', identity: identity('1', ['jane'], {}, { api: 'social', kind: 'user' }) });
      expect(byId(await store.identities.list(customers('default'))).map((i) => i.id)).toEqual(['1', '2']);
      expect((await store.identities.list({ ns: 'default', api: 'commerce', kind: 'admin' })).map((i) => i.id)).toEqual(['admin']);
      expect((await store.identities.list({ ns: 'default', api: 'social', kind: 'user' })).map((i) => i.id)).toEqual(['1']);
      expect(await store.identities.list({ ns: 'default', api: 'social', kind: 'app' })).toEqual([]);
    });

    it('refuses an identity whose key belongs to another one, and changes nothing', async () => {
      expect(await store.identities.put({ ns: 'default', identity: identity('3', ['fresh', 'roni@example.com']) })).toBe('key-conflict');
      expect(await store.identities.get(customer('default', '3'))).toBeUndefined();
      expect(await store.identities.find(customerKey('default', 'fresh'))).toBeUndefined();
      expect(await store.identities.find(customerKey('default', 'roni@example.com'))).toEqual(SEED[0]);
    });

    it('lets the same key name identities of another kind or api', async () => {
      expect(await store.identities.put({ ns: 'default', identity: identity('a1', ['roni@example.com'], {}, { kind: 'admin' }) })).toBe(
        'ok',
      );
      expect(
        await store.identities.put({ ns: 'default', identity: identity('u1', ['roni@example.com'], {}, { api: 'social', kind: 'user' }) }),
      ).toBe('ok');
      expect((await store.identities.find(customerKey('default', 'roni@example.com')))?.id).toBe('1');
      expect((await store.identities.find({ ns: 'default', api: 'commerce', kind: 'admin', key: 'roni@example.com' }))?.id).toBe('a1');
    });

    it('moves the keys when an identity is replaced, freeing the old ones', async () => {
      const replaced = identity('1', ['veronica@example.com'], { name: 'Veronica' });
      expect(await store.identities.put({ ns: 'default', identity: replaced })).toBe('ok');
      expect(await store.identities.get(customer('default', '1'))).toEqual(replaced);
      expect(await store.identities.find(customerKey('default', 'veronica@example.com'))).toEqual(replaced);
      expect(await store.identities.find(customerKey('default', 'roni@example.com'))).toBeUndefined();
      expect(await store.identities.put({ ns: 'default', identity: identity('3', ['roni@example.com']) })).toBe('ok');
    });

    it('deletes an identity and its keys, and says whether there was one', async () => {
      expect(await store.identities.delete(customer('default', '2'))).toBe(true);
      expect(await store.identities.get(customer('default', '2'))).toBeUndefined();
      expect(await store.identities.find(customerKey('default', 'john@example.com'))).toBeUndefined();
      expect(await store.identities.delete(customer('default', '2'))).toBe(false);
      expect(await store.identities.get(customer('other', '2'))).toEqual(SEED[1]);
    });

    it('keeps namespaces apart', async () => {
      await store.identities.put({ ns: 'default', identity: identity('1', ['roni@example.com'], { name: 'only in default' }) });
      await store.identities.put({ ns: 'other', identity: identity('5', ['five']) });
      expect((await store.identities.get(customer('default', '1')))?.data.name).toBe('only in default');
      expect((await store.identities.get(customer('other', '1')))?.data.name).toBe('customer 1');
      expect(await store.identities.find(customerKey('default', 'five'))).toBeUndefined();
      // a key taken in one namespace is free in another
      expect(await store.identities.put({ ns: 'other', identity: identity('6', ['john@example.com']) })).toBe('key-conflict');
      expect(await store.identities.put({ ns: 'default', identity: identity('6', ['five']) })).toBe('ok');
    });
  });

  describe('nextId', () => {
    it('counts up by one from its first value, never below atLeast', async () => {
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 5 })).toBe(5);
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 1 })).toBe(6);
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 100 })).toBe(100);
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 1 })).toBe(101);
    });

    it('keeps one counter per name and per namespace', async () => {
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 3 })).toBe(3);
      expect(await store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 3 })).toBe(4);
      expect(await store.identities.nextId({ ns: 'default', counter: 'admin', atLeast: 1 })).toBe(1);
      expect(await store.identities.nextId({ ns: 'other', counter: 'customer', atLeast: 1 })).toBe(1);
    });

    it('gives concurrent callers distinct, consecutive numbers', async () => {
      const ids = await Promise.all(
        Array.from({ length: 50 }, () => store.identities.nextId({ ns: 'default', counter: 'customer', atLeast: 1 })),
      );
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  });

  describe('tokens', () => {
    it('finds a saved token by namespace, api and id, with every field as saved', async () => {
      const record = token({ expiresAt: NOW + 60_000 });
      const id = await store.tokens.save({ ns: 'default', token: record });
      expect(await store.tokens.find(commerceToken('default', id))).toEqual({ ...record, id });
    });

    it('keeps the client app of a social token, and no client app for others', async () => {
      const social = token({ api: 'social', verifierHash: 's-1', userType: 'user', clientApp: 'demo-mobile-app' });
      const socialId = await store.tokens.save({ ns: 'default', token: social });
      const commerceId = await store.tokens.save({ ns: 'default', token: token() });
      expect(await store.tokens.find({ ns: 'default', api: 'social', id: socialId })).toEqual({ ...social, id: socialId });
      const commerce = await store.tokens.find(commerceToken('default', commerceId));
      expect(commerce?.clientApp).toBeUndefined();
      expect(commerce?.expiresAt).toBeNull();
    });

    it('gives each token a new id, increasing across namespaces', async () => {
      const ids: number[] = [];
      for (const ns of ['default', 'other', 'default', 'other', 'default']) ids.push(await store.tokens.save({ ns, token: token() }));
      expect(new Set(ids).size).toBe(5);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    });

    it('gives distinct ids to tokens saved in the same turn', async () => {
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.tokens.save({ ns: i % 2 ? 'default' : 'other', token: token() })),
      );
      expect(new Set(ids).size).toBe(20);
    });

    it('finds a token only in its own namespace and api', async () => {
      const id = await store.tokens.save({ ns: 'default', token: token() });
      expect(await store.tokens.find(commerceToken('other', id))).toBeUndefined();
      expect(await store.tokens.find({ ns: 'default', api: 'social', id })).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', id + 1000))).toBeUndefined();
    });

    it('does not let a caller change a saved token through the object it passed', async () => {
      const record = token();
      const id = await store.tokens.save({ ns: 'default', token: record });
      record.userId = '99';
      expect((await store.tokens.find(commerceToken('default', id)))?.userId).toBe('1');
    });

    it('lists the tokens of a namespace, filtered by api, user type and user id', async () => {
      const a = await store.tokens.save({ ns: 'default', token: token() });
      const b = await store.tokens.save({ ns: 'default', token: token({ userId: '2' }) });
      const c = await store.tokens.save({ ns: 'default', token: token({ userType: 'admin', userId: '1' }) });
      const d = await store.tokens.save({ ns: 'default', token: token({ api: 'social', userType: 'user', clientApp: 'app' }) });
      await store.tokens.save({ ns: 'other', token: token() });
      const ids = async (filter: TokenFilter) => (await store.tokens.list({ ns: 'default', ...filter })).map((t) => t.id);
      expect(await ids({})).toEqual([a, b, c, d]);
      expect(await ids({ api: 'commerce' })).toEqual([a, b, c]);
      expect(await ids({ api: 'commerce', userType: 'customer' })).toEqual([a, b]);
      expect(await ids({ api: 'commerce', userType: 'customer', userId: '2' })).toEqual([b]);
      expect(await ids({ userId: '1' })).toEqual([a, c, d]);
      expect(await ids({ api: 'social' })).toEqual([d]);
      expect((await store.tokens.list({ ns: 'default', api: 'social' }))[0]).toMatchObject({ clientApp: 'app', userType: 'user' });
      expect(await store.tokens.list({ ns: 'nowhere' })).toEqual([]);
    });

    it("revokes every token of one user and says how many, leaving everyone else's", async () => {
      const a = await store.tokens.save({ ns: 'default', token: token() });
      const b = await store.tokens.save({ ns: 'default', token: token() });
      const c = await store.tokens.save({ ns: 'default', token: token({ userId: '2' }) });
      const d = await store.tokens.save({ ns: 'default', token: token({ userType: 'admin' }) }); // admin 1 is another user than customer 1
      const e = await store.tokens.save({ ns: 'default', token: token({ api: 'social', userType: 'customer', clientApp: 'x' }) });
      const f = await store.tokens.save({ ns: 'other', token: token() });
      expect(await store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '1' })).toBe(2);
      expect(await store.tokens.find(commerceToken('default', a))).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', b))).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', c))).toBeDefined();
      expect(await store.tokens.find(commerceToken('default', d))).toBeDefined();
      expect(await store.tokens.find({ ns: 'default', api: 'social', id: e })).toBeDefined();
      expect(await store.tokens.find(commerceToken('other', f))).toBeDefined();
      expect(await store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '1' })).toBe(0);
    });

    it('revokes a token saved in the same turn as the revocation', async () => {
      const pending = store.tokens.save({ ns: 'default', token: token() });
      const revoked = store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '1' });
      const id = await pending;
      expect(await revoked).toBe(1);
      expect(await store.tokens.find(commerceToken('default', id))).toBeUndefined();
    });

    it('revokes one token by id and says whether it existed there', async () => {
      const a = await store.tokens.save({ ns: 'default', token: token() });
      const b = await store.tokens.save({ ns: 'default', token: token() });
      expect(await store.tokens.revoke(commerceToken('other', a))).toBe(false);
      expect(await store.tokens.revoke({ ns: 'default', api: 'social', id: a })).toBe(false);
      expect(await store.tokens.revoke(commerceToken('default', a))).toBe(true);
      expect(await store.tokens.revoke(commerceToken('default', a))).toBe(false);
      expect(await store.tokens.find(commerceToken('default', a))).toBeUndefined();
      expect(await store.tokens.find(commerceToken('default', b))).toBeDefined();
    });

    it('keeps the scopes and claims a token was saved with, through find and list', async () => {
      const claims = { tenant: 'acme', level: 3, ratio: 0.5, admin: false, none: null, roles: ['a', 'b'], nested: { deep: { x: 'ü' } } };
      const record = token({ scopes: ['orders:read', 'orders:write'], claims });
      const id = await store.tokens.save({ ns: 'default', token: record });
      expect(await store.tokens.find(commerceToken('default', id))).toEqual({ ...record, id });
      expect(await store.tokens.list({ ns: 'default' })).toEqual([{ ...record, id }]);
    });

    it('tells no scopes from empty scopes, and has no scopes or claims on a token saved without them', async () => {
      const empty = await store.tokens.save({ ns: 'default', token: token({ scopes: [], claims: {} }) });
      const plain = await store.tokens.save({ ns: 'default', token: token() });
      expect(await store.tokens.find(commerceToken('default', empty))).toMatchObject({ scopes: [], claims: {} });
      const found = (await store.tokens.find(commerceToken('default', plain)))!;
      expect('scopes' in found).toBe(false);
      expect('claims' in found).toBe(false);
    });

    it('does not let a caller change saved scopes or claims through the objects it passed', async () => {
      const record = token({ scopes: ['read'], claims: { tenant: 'acme', tags: ['x'] } });
      const id = await store.tokens.save({ ns: 'default', token: record });
      record.scopes!.push('write');
      (record.claims!.tags as string[]).push('y');
      record.claims!.tenant = 'other';
      expect(await store.tokens.find(commerceToken('default', id))).toMatchObject({
        scopes: ['read'],
        claims: { tenant: 'acme', tags: ['x'] },
      });
    });

    it('revokes and sweeps tokens that carry scopes and claims like any other', async () => {
      const extra = { scopes: ['read'], claims: { api: 'not this one', userId: 7, nested: [{ a: 1 }] } };
      const one = await store.tokens.save({ ns: 'default', token: token(extra) });
      const mine = await store.tokens.save({ ns: 'default', token: token({ ...extra, userId: '2' }) });
      const old = await store.tokens.save({ ns: 'default', token: token({ ...extra, userId: '3', expiresAt: NOW - 1 }) });
      expect(await store.tokens.revoke(commerceToken('default', one))).toBe(true);
      expect(await store.tokens.revokeUser({ ns: 'default', api: 'commerce', userType: 'customer', userId: '2' })).toBe(1);
      expect(await store.sweep({ ns: 'default', now: NOW, limit: 10 })).toEqual({ tokens: 1, failures: 0 });
      for (const id of [one, mine, old]) expect(await store.tokens.find(commerceToken('default', id))).toBeUndefined();
      expect(await store.tokens.list({ ns: 'default' })).toEqual([]);
    });
  });

  describe('OAuth nonces', () => {
    const remember = (ns: string, consumerKey: string, nonce: string) => store.nonces.remember({ ns, consumerKey, nonce, timestamp: NOW });

    it("remembers a nonce per consumer: its second use is refused, another consumer's is not", async () => {
      expect(await remember('default', 'erp', 'n-1')).toBe(true);
      expect(await remember('default', 'erp', 'n-1')).toBe(false);
      expect(await remember('default', 'catalog', 'n-1')).toBe(true);
      expect(await remember('default', 'erp', 'n-2')).toBe(true);
    });

    it('keeps nonces per namespace, and forgets them when the namespace is reset or deleted', async () => {
      expect(await remember('default', 'erp', 'n-1')).toBe(true);
      expect(await remember('other', 'erp', 'n-1')).toBe(true);
      await store.namespaces.reset({ ns: 'default', seed: SEED, seedHash: 'seed-1', now: NOW });
      expect(await remember('default', 'erp', 'n-1')).toBe(true);
      expect(await remember('other', 'erp', 'n-1')).toBe(false);
      await store.namespaces.delete('other');
      await store.namespaces.create({ ns: 'other', seed: SEED, seedHash: 'seed-1', now: NOW });
      expect(await remember('other', 'erp', 'n-1')).toBe(true);
    });

    it('counts concurrent uses of one nonce once', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => remember('default', 'erp', 'n-1')));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('sweep and stats', () => {
    const fill = async (ns: string) => {
      await store.tokens.save({ ns, token: token({ expiresAt: NOW - 1000 }) });
      await store.tokens.save({ ns, token: token({ expiresAt: NOW }) });
      await store.tokens.save({ ns, token: token({ expiresAt: NOW + 1 }) });
      await store.tokens.save({ ns, token: token() });
      await store.lockouts.recordFailure({ ...login(ns, 'gone'), now: NOW - 10_000, lockMs: 1000 });
      await store.lockouts.recordFailure({ ...login(ns, 'locked'), now: NOW, lockMs: LOCK_MS });
    };

    it('deletes tokens expired at `now` and counts whose lock expired, in one namespace, within the limit', async () => {
      await fill('default');
      await fill('other');
      expect(await store.sweep({ ns: 'default', now: NOW, limit: 1 })).toEqual({ tokens: 1, failures: 0 });
      expect(await store.sweep({ ns: 'default', now: NOW, limit: 100 })).toEqual({ tokens: 1, failures: 1 });
      expect(await store.sweep({ ns: 'default', now: NOW, limit: 100 })).toEqual({ tokens: 0, failures: 0 });
      expect((await store.tokens.list({ ns: 'default' })).map((t) => t.expiresAt)).toEqual([NOW + 1, null]);
      expect((await store.lockouts.list('default')).map((f) => f.username)).toEqual(['locked']);
      expect(await store.tokens.list({ ns: 'other' })).toHaveLength(4);
    });

    it('sweeps every namespace when none is named', async () => {
      await fill('default');
      await fill('other');
      expect(await store.sweep({ now: NOW, limit: 100 })).toEqual({ tokens: 4, failures: 2 });
      expect(await store.tokens.list({ ns: 'other' })).toHaveLength(2);
    });

    it('reports the size of the state', async () => {
      await fill('default');
      expect(await store.stats()).toMatchObject({ namespaces: 2, identities: 2 * SEED.length, tokens: 4, loginFailures: 2 });
    });
  });

  describe('login failures', () => {
    const record = (ns: string, at: number, name = 'roni') =>
      store.lockouts.recordFailure({ ...login(ns, name), now: at, lockMs: LOCK_MS });

    it('has none for a name never seen', async () => {
      expect(await store.lockouts.get(login('default', 'nobody'))).toBeUndefined();
    });

    it('counts each failure and moves the end of the lock with each one', async () => {
      expect(await record('default', NOW)).toEqual({ failures: 1, lockExpiresAt: NOW + LOCK_MS });
      expect(await record('default', NOW + 1000)).toEqual({ failures: 2, lockExpiresAt: NOW + 1000 + LOCK_MS });
      expect(await record('default', NOW + 2000)).toEqual({ failures: 3, lockExpiresAt: NOW + 2000 + LOCK_MS });
      expect(await store.lockouts.get(login('default', 'roni'))).toEqual({
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
      expect((await store.lockouts.get(login('default', 'roni')))?.failures).toBe(25);
    });

    it('counts per namespace, api, user type and name', async () => {
      await record('default', NOW);
      await record('default', NOW);
      await store.lockouts.recordFailure({ ...login('default', 'roni', { userType: 'admin' }), now: NOW, lockMs: LOCK_MS });
      await store.lockouts.recordFailure({
        ns: 'default',
        api: 'social',
        userType: 'customer',
        username: 'roni',
        now: NOW,
        lockMs: LOCK_MS,
      });
      await record('default', NOW, 'john');
      await record('other', NOW);
      expect((await store.lockouts.get(login('default', 'roni')))?.failures).toBe(2);
      expect((await store.lockouts.get(login('default', 'roni', { userType: 'admin' })))?.failures).toBe(1);
      expect((await store.lockouts.get({ ns: 'default', api: 'social', userType: 'customer', username: 'roni' }))?.failures).toBe(1);
      expect((await store.lockouts.get(login('other', 'roni')))?.failures).toBe(1);
    });

    it('clears the count of one name and says whether there was one', async () => {
      await record('default', NOW);
      await store.lockouts.recordFailure({ ...login('default', 'roni', { userType: 'admin' }), now: NOW, lockMs: LOCK_MS });
      expect(await store.lockouts.clear(login('default', 'roni'))).toBe(true);
      expect(await store.lockouts.get(login('default', 'roni'))).toBeUndefined();
      expect(await store.lockouts.get(login('default', 'roni', { userType: 'admin' }))).toBeDefined();
      expect(await store.lockouts.clear(login('default', 'roni'))).toBe(false);
      expect(await record('default', NOW)).toMatchObject({ failures: 1 });
    });

    it('lists and clears every count of one namespace', async () => {
      await record('default', NOW);
      await record('default', NOW, 'john');
      await record('other', NOW);
      const entries = await store.lockouts.list('default');
      expect([...entries].sort((a, b) => a.username.localeCompare(b.username))).toEqual([
        { api: 'commerce', userType: 'customer', username: 'john', failures: 1, lockExpiresAt: NOW + LOCK_MS },
        { api: 'commerce', userType: 'customer', username: 'roni', failures: 1, lockExpiresAt: NOW + LOCK_MS },
      ]);
      expect(await store.lockouts.clearAll('default')).toBe(2);
      expect(await store.lockouts.list('default')).toEqual([]);
      expect(await store.lockouts.list('other')).toHaveLength(1);
      expect(await store.lockouts.clearAll('default')).toBe(0);
    });
  });

  it('can be closed twice', async () => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
