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
  inner.identities.get = wrap(inner.identities.get, 'identity');
  inner.identities.find = wrap(inner.identities.find, 'key');
  inner.tokens.find = wrap(inner.tokens.find, 'token');
  inner.namespaces.get = wrap(inner.namespaces.get, 'namespace');
  inner.lockouts.get = wrap(inner.lockouts.get, 'failures');
  return { store: new ReadCacheStore(inner), reads };
}

describe('the read cache in front of a store only this process writes', () => {
  it('reads the namespace, an identity, a login key and a token from the store once', async () => {
    const { store, reads } = counted();
    await store.namespaces.create({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    const id = await store.tokens.save({
      ns: 'default',
      token: {
        api: 'commerce',
        verifierHash: 'h',
        userType: 'customer',
        userId: '1',
        issuedAt: NOW,
        expiresAt: null,
      },
    });
    for (let i = 0; i < 3; i++) {
      expect((await store.namespaces.get('default'))?.name).toBe('default');
      expect((await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' }))?.data.name).toBe('customer 1');
      expect((await store.identities.find({ ns: 'default', api: 'commerce', kind: 'customer', key: 'a@example.com' }))?.id).toBe('1');
      expect((await store.tokens.find({ ns: 'default', api: 'commerce', id }))?.userId).toBe('1');
    }
    expect(reads).toEqual({ identity: 1, key: 1, token: 1, namespace: 1, failures: 0 });
  });

  it('hands out frozen values, so no caller can change what the next one reads', async () => {
    const { store } = counted();
    await store.namespaces.create({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default'); // as every request does first
    const found = await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' });
    expect(() => ((found!.data as { name: string }).name = 'changed')).toThrow(TypeError);
    expect((await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' }))?.data.name).toBe('customer 1');
  });

  it('never keeps a value read while a write was under way', async () => {
    const { store } = counted();
    await store.namespaces.create({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    // the read starts first and resolves after the write has begun
    const read = store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' });
    const write = store.identities.put({ ns: 'default', identity: customer('1', 'a@example.com', 'renamed') });
    await Promise.all([read, write]);
    expect((await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' }))?.data.name).toBe('renamed');
    expect((await store.identities.find({ ns: 'default', api: 'commerce', kind: 'customer', key: 'a@example.com' }))?.data.name).toBe(
      'renamed',
    );
  });

  it('forgets what a write changes: identities, login keys, revoked tokens, the clock, a reset', async () => {
    const { store } = counted();
    await store.namespaces.create({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    const id = await store.tokens.save({
      ns: 'default',
      token: {
        api: 'commerce',
        verifierHash: 'h',
        userType: 'customer',
        userId: '1',
        issuedAt: NOW,
        expiresAt: null,
      },
    });
    await store.tokens.find({ ns: 'default', api: 'commerce', id });
    await store.identities.find({ ns: 'default', api: 'commerce', kind: 'customer', key: 'b@example.com' });
    await store.identities.put({ ns: 'default', identity: customer('2', 'b@example.com') });
    expect((await store.identities.find({ ns: 'default', api: 'commerce', kind: 'customer', key: 'b@example.com' }))?.id).toBe('2');
    await store.identities.delete({ ns: 'default', api: 'commerce', kind: 'customer', id: '2' });
    expect(await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '2' })).toBeUndefined();
    await store.tokens.revoke({ ns: 'default', api: 'commerce', id });
    expect(await store.tokens.find({ ns: 'default', api: 'commerce', id })).toBeUndefined();
    await store.namespaces.update({ ns: 'default', clockOffsetMs: 5000 });
    expect((await store.namespaces.get('default'))?.clockOffsetMs).toBe(5000);
    await store.identities.put({ ns: 'default', identity: customer('1', 'a@example.com', 'renamed') });
    await store.namespaces.reset({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    expect((await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' }))?.data.name).toBe('customer 1');
    expect((await store.namespaces.get('default'))?.clockOffsetMs).toBe(0);
    await store.namespaces.delete('default');
    expect(await store.namespaces.get('default')).toBeUndefined();
    expect(await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '1' })).toBeUndefined();
  });

  it('keeps "no failures" for a login name until a failure is counted, and never keeps a count', async () => {
    const { store, reads } = counted();
    await store.namespaces.create({ ns: 'default', seed: [customer('1', 'a@example.com')], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    const failures = () => store.lockouts.get({ ns: 'default', api: 'commerce', userType: 'customer', username: 'a@example.com' });
    expect(await failures()).toBeUndefined();
    expect(await failures()).toBeUndefined();
    expect(reads.failures).toBe(1);
    await store.lockouts.recordFailure({
      ns: 'default',
      api: 'commerce',
      userType: 'customer',
      username: 'a@example.com',
      now: NOW,
      lockMs: 60_000,
    });
    expect(await failures()).toEqual({ failures: 1, lockExpiresAt: NOW + 60_000 });
    await store.lockouts.recordFailure({
      ns: 'default',
      api: 'commerce',
      userType: 'customer',
      username: 'a@example.com',
      now: NOW,
      lockMs: 60_000,
    });
    expect((await failures())?.failures).toBe(2);
    expect(reads.failures).toBe(3);
    await store.lockouts.clear({ ns: 'default', api: 'commerce', userType: 'customer', username: 'a@example.com' });
    expect(await failures()).toBeUndefined();
    expect(await failures()).toBeUndefined();
    expect(reads.failures).toBe(4);
    // a failure counted while a read of "none" was under way: the read is not kept
    const read = failures();
    const write = store.lockouts.recordFailure({
      ns: 'default',
      api: 'commerce',
      userType: 'customer',
      username: 'a@example.com',
      now: NOW,
      lockMs: 60_000,
    });
    await Promise.all([read, write]);
    expect((await failures())?.failures).toBe(1);
    // another user type, another namespace: kept apart
    expect(await store.lockouts.get({ ns: 'default', api: 'commerce', userType: 'admin', username: 'a@example.com' })).toBeUndefined();
    await store.namespaces.delete('default');
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    expect(await failures()).toBeUndefined();
  });

  it('keeps a swept token gone when the clock is moved back', async () => {
    const { store } = counted();
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
    const id = await store.tokens.save({
      ns: 'default',
      token: {
        api: 'commerce',
        verifierHash: 'h',
        userType: 'customer',
        userId: '1',
        issuedAt: NOW,
        expiresAt: NOW + 1000,
      },
    });
    expect(await store.tokens.find({ ns: 'default', api: 'commerce', id })).toBeDefined();
    expect((await store.sweep({ now: NOW + 2000, limit: 100 })).tokens).toBe(1);
    expect(await store.tokens.find({ ns: 'default', api: 'commerce', id })).toBeUndefined();
  });

  it('stays bounded', async () => {
    const inner = new MemoryStore();
    const store = new ReadCacheStore(inner, { limit: 10 });
    await store.namespaces.create({
      ns: 'default',
      seed: Array.from({ length: 50 }, (_, i) => customer(String(i), `${i}@example.com`)),
      seedHash: 'seed',
      now: NOW,
    });
    await store.namespaces.get('default');
    for (let i = 0; i < 50; i++) await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: String(i) });
    let reads = 0;
    const get = inner.identities.get;
    inner.identities.get = (ref) => (reads++, get(ref));
    await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '0' }); // long gone from a cache of 10
    await store.identities.get({ ns: 'default', api: 'commerce', kind: 'customer', id: '49' }); // still there
    expect(reads).toBe(1);
  });

  it("keeps a collection's objects and lists until the namespace's next collection write", async () => {
    const inner = new MemoryStore();
    const store = new ReadCacheStore(inner);
    const reads = { get: 0, list: 0 };
    const { get, list } = inner.records;
    inner.records.get = (a) => (reads.get++, get(a));
    inner.records.list = (a) => (reads.list++, list(a));
    const ref = { ns: 'default', api: 'todo', collection: 'todos', parent: '' };
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    await store.records.create({ ...ref, item: { id: '1', owner: 'alice', object: { id: 1, title: 'one' } } });
    for (let i = 0; i < 3; i++) {
      expect((await store.records.get({ ...ref, id: '1' }))?.object.title).toBe('one');
      expect((await store.records.list({ ...ref, visibleTo: 'alice' })).total).toBe(1);
    }
    expect((await store.records.list({ ...ref, visibleTo: 'bob' })).total).toBe(0); // another query: its own entry
    expect(reads).toEqual({ get: 1, list: 2 });
    const kept = await store.records.get({ ...ref, id: '1' });
    expect(() => ((kept!.object as { title: string }).title = 'changed')).toThrow(TypeError);

    await store.records.create({ ...ref, item: { id: '2', owner: 'bob', object: { id: 2, title: 'two' } } });
    expect((await store.records.list({ ...ref, visibleTo: 'bob' })).total).toBe(1);
    await store.records.replace({ ...ref, id: '1', object: { id: 1, title: 'uno' } });
    expect((await store.records.get({ ...ref, id: '1' }))?.object.title).toBe('uno');
    await store.records.delete({ ...ref, id: '1' });
    expect(await store.records.get({ ...ref, id: '1' })).toBeUndefined();
    expect((await store.records.list(ref)).items.map((o) => o.id)).toEqual(['2']);
    await store.records.clear({ ns: 'default', api: 'todo' });
    expect((await store.records.list(ref)).total).toBe(0);
  });

  it('keeps no list answer longer than a hundred objects', async () => {
    const inner = new MemoryStore();
    const store = new ReadCacheStore(inner);
    let reads = 0;
    const { list } = inner.records;
    inner.records.list = (a) => (reads++, list(a));
    const ref = { ns: 'default', api: 'todo', collection: 'todos', parent: '' };
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    for (let i = 1; i <= 101; i++) await store.records.create({ ...ref, item: { id: String(i), object: { id: i } } });
    for (let i = 0; i < 2; i++) expect((await store.records.list(ref)).items).toHaveLength(101);
    for (let i = 0; i < 2; i++) expect((await store.records.list({ ...ref, limit: 100 })).items).toHaveLength(100);
    expect(reads).toBe(3);
  });

  it('keeps no object of a store other processes write (their writes move no version)', async () => {
    const inner = new MemoryStore();
    const store = new ReadCacheStore(inner, { shared: true });
    const ref = { ns: 'default', api: 'todo', collection: 'todos', parent: '' };
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 'seed', now: NOW });
    await store.namespaces.get('default');
    expect((await store.records.list(ref)).total).toBe(0);
    // another instance's create, straight into the store
    await inner.records.create({ ...ref, item: { id: '1', object: { id: 1 } } });
    expect((await store.records.list(ref)).total).toBe(1);
    expect(await store.records.get({ ...ref, id: '1' })).toBeDefined();
  });
});
