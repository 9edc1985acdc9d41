import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.js';
import { NOW, LOCK_MS, login, token, SEED } from './fixtures.js';

/** The shared suite's sweep of expired state, and its stats. */
export function describeSweepAndStats(current: () => Store): void {
  describe('sweep and stats', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
