import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { ReadCacheStore } from '../../src/store/read-cache-store.js';
import type { Identity } from '../../src/store/store.js';

const NOW = Date.UTC(2026, 0, 1);
const customer = (id: string, email: string, name = `customer ${id}`): Identity => ({
  api: 'commerce',
  kind: 'customer',
  id,
  keys: [email],
  data: { name },
});

/** Counts the reads that reach the store behind the cache. */
function counted() {
  const inner = new MemoryStore();
  const reads = { identity: 0, key: 0, token: 0, namespace: 0, failures: 0 };
  const wrap =
    <A extends unknown[], R>(fn: (...a: A) => R, what: keyof typeof reads) =>
    (...a: A) => (reads[what]++, fn(...a));
  inner.getIdentity = wrap(inner.getIdentity.bind(inner), 'identity');
  inner.findIdentity = wrap(inner.findIdentity.bind(inner), 'key');
  inner.findToken = wrap(inner.findToken.bind(inner), 'token');
  inner.getNamespace = wrap(inner.getNamespace.bind(inner), 'namespace');
  inner.getLoginFailures = wrap(inner.getLoginFailures.bind(inner), 'failures');
  return { store: new ReadCacheStore(inner), reads };
}

describe('the read cache in front of a store only this process writes', () => {
  it('reads the namespace, an identity, a login key and a token from the store once', async () => {
    const { store, reads } = counted();
    await store.createNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    const id = await store.saveToken('default', {
      api: 'commerce',
      verifierHash: 'h',
      userType: 'customer',
      userId: '1',
      issuedAt: NOW,
      expiresAt: null,
    });
    for (let i = 0; i < 3; i++) {
      expect((await store.getNamespace('default'))?.name).toBe('default');
      expect((await store.getIdentity('default', 'commerce', 'customer', '1'))?.data.name).toBe('customer 1');
      expect((await store.findIdentity('default', 'commerce', 'customer', 'a@example.com'))?.id).toBe('1');
      expect((await store.findToken('default', 'commerce', id))?.userId).toBe('1');
    }
    expect(reads).toEqual({ identity: 1, key: 1, token: 1, namespace: 1, failures: 0 });
  });

  it('hands out frozen values, so no caller can change what the next one reads', async () => {
    const { store } = counted();
    await store.createNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    await store.getNamespace('default'); // as every request does first
    const found = await store.getIdentity('default', 'commerce', 'customer', '1');
    expect(() => ((found!.data as { name: string }).name = 'changed')).toThrow(TypeError);
    expect((await store.getIdentity('default', 'commerce', 'customer', '1'))?.data.name).toBe('customer 1');
  });

  it('never keeps a value read while a write was under way', async () => {
    const { store } = counted();
    await store.createNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    await store.getNamespace('default');
    // the read starts first and resolves after the write has begun
    const read = store.getIdentity('default', 'commerce', 'customer', '1');
    const write = store.putIdentity('default', customer('1', 'a@example.com', 'renamed'));
    await Promise.all([read, write]);
    expect((await store.getIdentity('default', 'commerce', 'customer', '1'))?.data.name).toBe('renamed');
    expect((await store.findIdentity('default', 'commerce', 'customer', 'a@example.com'))?.data.name).toBe('renamed');
  });

  it('forgets what a write changes: identities, login keys, revoked tokens, the clock, a reset', async () => {
    const { store } = counted();
    await store.createNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    const id = await store.saveToken('default', {
      api: 'commerce',
      verifierHash: 'h',
      userType: 'customer',
      userId: '1',
      issuedAt: NOW,
      expiresAt: null,
    });
    await store.findToken('default', 'commerce', id);
    await store.findIdentity('default', 'commerce', 'customer', 'b@example.com');
    await store.putIdentity('default', customer('2', 'b@example.com'));
    expect((await store.findIdentity('default', 'commerce', 'customer', 'b@example.com'))?.id).toBe('2');
    await store.deleteIdentity('default', 'commerce', 'customer', '2');
    expect(await store.getIdentity('default', 'commerce', 'customer', '2')).toBeUndefined();
    await store.revokeToken('default', 'commerce', id);
    expect(await store.findToken('default', 'commerce', id)).toBeUndefined();
    await store.updateNamespace('default', { clockOffsetMs: 5000 });
    expect((await store.getNamespace('default'))?.clockOffsetMs).toBe(5000);
    await store.putIdentity('default', customer('1', 'a@example.com', 'renamed'));
    await store.resetNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    expect((await store.getIdentity('default', 'commerce', 'customer', '1'))?.data.name).toBe('customer 1');
    expect((await store.getNamespace('default'))?.clockOffsetMs).toBe(0);
    await store.deleteNamespace('default');
    expect(await store.getNamespace('default')).toBeUndefined();
    expect(await store.getIdentity('default', 'commerce', 'customer', '1')).toBeUndefined();
  });

  it('keeps "no failures" for a login name until a failure is counted, and never keeps a count', async () => {
    const { store, reads } = counted();
    await store.createNamespace('default', [customer('1', 'a@example.com')], 'seed', NOW);
    await store.getNamespace('default');
    const failures = () => store.getLoginFailures('default', 'commerce', 'customer', 'a@example.com');
    expect(await failures()).toBeUndefined();
    expect(await failures()).toBeUndefined();
    expect(reads.failures).toBe(1);
    await store.recordLoginFailure('default', 'commerce', 'customer', 'a@example.com', NOW, 60_000);
    expect(await failures()).toEqual({ failures: 1, lockExpiresAt: NOW + 60_000 });
    await store.recordLoginFailure('default', 'commerce', 'customer', 'a@example.com', NOW, 60_000);
    expect((await failures())?.failures).toBe(2);
    expect(reads.failures).toBe(3);
    await store.clearLoginFailures('default', 'commerce', 'customer', 'a@example.com');
    expect(await failures()).toBeUndefined();
    expect(await failures()).toBeUndefined();
    expect(reads.failures).toBe(4);
    // a failure counted while a read of "none" was under way: the read is not kept
    const read = failures();
    const write = store.recordLoginFailure('default', 'commerce', 'customer', 'a@example.com', NOW, 60_000);
    await Promise.all([read, write]);
    expect((await failures())?.failures).toBe(1);
    // another user type, another namespace: kept apart
    expect(await store.getLoginFailures('default', 'commerce', 'admin', 'a@example.com')).toBeUndefined();
    await store.deleteNamespace('default');
    await store.createNamespace('default', [], 'seed', NOW);
    await store.getNamespace('default');
    expect(await failures()).toBeUndefined();
  });

  it('keeps a swept token gone when the clock is moved back', async () => {
    const { store } = counted();
    await store.createNamespace('default', [], 'seed', NOW);
    const id = await store.saveToken('default', {
      api: 'commerce',
      verifierHash: 'h',
      userType: 'customer',
      userId: '1',
      issuedAt: NOW,
      expiresAt: NOW + 1000,
    });
    expect(await store.findToken('default', 'commerce', id)).toBeDefined();
    expect((await store.sweep(undefined, NOW + 2000, 100)).tokens).toBe(1);
    expect(await store.findToken('default', 'commerce', id)).toBeUndefined();
  });

  it('stays bounded', async () => {
    const inner = new MemoryStore();
    const store = new ReadCacheStore(inner, 10);
    await store.createNamespace(
      'default',
      Array.from({ length: 50 }, (_, i) => customer(String(i), `${i}@example.com`)),
      'seed',
      NOW,
    );
    await store.getNamespace('default');
    for (let i = 0; i < 50; i++) await store.getIdentity('default', 'commerce', 'customer', String(i));
    let reads = 0;
    const get = inner.getIdentity.bind(inner);
    inner.getIdentity = (...a) => (reads++, get(...a));
    await store.getIdentity('default', 'commerce', 'customer', '0'); // long gone from a cache of 10
    await store.getIdentity('default', 'commerce', 'customer', '49'); // still there
    expect(reads).toBe(1);
  });
});
