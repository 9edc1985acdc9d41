import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.js';
import { customer, customerKey, customers, identity, SEED, byId } from './fixtures.js';

/** The shared suite's identities: stored, found by key, listed, replaced, deleted. */
export function describeIdentities(current: () => Store): void {
  describe('identities', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}

/** The shared suite's id counters (identities.nextId). */
export function describeNextId(current: () => Store): void {
  describe('nextId', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
