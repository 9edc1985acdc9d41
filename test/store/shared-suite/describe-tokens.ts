import { beforeEach, describe, expect, it } from 'vitest';
import type { Store, TokenStore } from '../../../src/store/store.js';
import { NOW, commerceToken, token } from './fixtures.js';

type TokenFilter = Omit<Parameters<TokenStore['list']>[0], 'ns'>;

/** The shared suite's tokens: saved, found, listed, revoked one by one or per user. */
export function describeTokens(current: () => Store): void {
  describe('tokens', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
