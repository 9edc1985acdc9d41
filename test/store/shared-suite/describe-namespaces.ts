import { beforeEach, describe, expect, it } from 'vitest';
import type { NamespaceRecord, Store } from '../../../src/store/store.js';
import { NOW, LOCK_MS, customer, customerKey, customers, commerceToken, login, token, identity, SEED, byId } from './fixtures.js';

/** a shared store's records carry a version (checked on its own: describe-namespace-version.ts) */
const withoutVersion = ({ version: _version, ...rest }: NamespaceRecord) => rest;

/** The shared suite's namespaces: created, listed, updated, reset, reseeded, deleted. */
export function describeNamespaces(current: () => Store): void {
  describe('namespaces', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
