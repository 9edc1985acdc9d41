import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.js';
import { NOW, SEED } from './fixtures.js';

/** The shared suite's OAuth 1.0a nonces. */
export function describeNonces(current: () => Store): void {
  describe('OAuth nonces', () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

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
}
