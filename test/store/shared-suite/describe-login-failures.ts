import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.js';
import { NOW, LOCK_MS, login } from './fixtures.js';

/** The shared suite's login failures (lockouts). */
export function describeLoginFailures(current: () => Store): void {
  describe('login failures', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
