import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { ReadOnlyStore, StoreWriteRefused } from '../../src/store/read-only-store.js';

/** The store a GET answered from the kept namespace runs against (src/http/answer-from-kept.ts). */
describe('ReadOnlyStore', () => {
  it('reads through to the store and refuses, and counts, every write', async () => {
    const inner = new MemoryStore();
    await inner.namespaces.create({ ns: 'n', seed: [], seedHash: 's', now: 0 });
    const id = await inner.tokens.save({
      ns: 'n',
      token: { api: 'a', verifierHash: 'h', userType: 'u', userId: '1', issuedAt: 0, expiresAt: null },
    });
    const store = new ReadOnlyStore(inner);
    expect((await store.namespaces.get('n'))?.name).toBe('n');
    expect((await store.tokens.find({ ns: 'n', api: 'a', id }))?.userId).toBe('1');
    expect(store.namespaces.peek?.('n')).toBeUndefined();
    const writes = [
      () => store.tokens.revoke({ ns: 'n', api: 'a', id }),
      () => store.nonces.remember({ ns: 'n', consumerKey: 'k', nonce: 'x', timestamp: 0 }),
      () => store.lockouts.recordFailure({ ns: 'n', api: 'a', userType: 'u', username: 'x', now: 0, lockMs: 1 }),
      () => store.oauth.saveCode({ ns: 'n', hash: 'h', code: {} as never }),
      () => store.identities.nextId({ ns: 'n', counter: 'c', atLeast: 1 }),
      () => store.namespaces.update({ ns: 'n', clockOffsetMs: 5 }),
      () => store.sweep(),
    ];
    for (const write of writes) await expect(write()).rejects.toBeInstanceOf(StoreWriteRefused);
    expect(store.refused).toBe(writes.length);
    expect((await inner.tokens.find({ ns: 'n', api: 'a', id }))?.userId).toBe('1');
    expect((await inner.namespaces.get('n'))?.clockOffsetMs).toBe(0);
  });
});
