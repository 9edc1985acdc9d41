import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.js';
import { NOW, LOCK_MS, customer, commerceToken, login, token, identity, SEED } from './fixtures.js';

/** The shared suite's namespace version, which a store shared between processes keeps. */
export function describeNamespaceVersion(current: () => Store): void {
  describe('the version of a store other processes write', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
