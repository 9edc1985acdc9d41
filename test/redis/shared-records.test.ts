import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/store/redis-store.js';
import { ReadCacheStore } from '../../src/store/read-cache-store.js';
import type { CollectionRef, StoredObject } from '../../src/store/store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';

const NOW = Date.UTC(2026, 0, 1);
const NS = 'default';
const todos: CollectionRef = { ns: NS, api: 'todo', collection: 'todos', parent: '' };
const todo = (id: string, owner?: string): StoredObject => ({ id, ...(owner ? { owner } : {}), object: { id, title: `todo ${id}` } });

/**
 * Two processes' stores on one Redis, each behind the read cache in its shared mode: an
 * object one creates, the other reads and lists at once, and no write of an object moves
 * the namespace's version (which would drop what every process keeps).
 */
describe.skipIf(SKIP_REDIS)("user specs' objects of two processes on one Redis", () => {
  let redis: RedisServer;
  let a: ReadCacheStore;
  let b: ReadCacheStore;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.dispose();
  });
  beforeEach(async () => {
    const admin = new Redis(redis.url);
    await admin.flushdb();
    admin.disconnect();
    a = new ReadCacheStore(await RedisStore.open(redis.url), { shared: true });
    b = new ReadCacheStore(await RedisStore.open(redis.url), { shared: true });
    await a.namespaces.create({ ns: NS, seed: [], seedHash: 'seed', now: NOW });
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('reads and lists on B at once what A created, replaced and deleted', async () => {
    expect(await a.records.create({ ...todos, item: todo('1', 'alice') })).toBe('ok');
    expect(await b.records.get({ ...todos, id: '1' })).toEqual(todo('1', 'alice'));
    expect(await b.records.create({ ...todos, item: todo('1', 'bob') })).toBe('exists');
    await b.records.create({ ...todos, item: todo('2') });
    expect(await a.records.list({ ...todos })).toEqual({ items: [todo('1', 'alice'), todo('2')], total: 2 });
    await a.records.replace({ ...todos, id: '2', object: { id: '2', title: 'new' } });
    expect((await b.records.get({ ...todos, id: '2' }))!.object.title).toBe('new');
    await b.records.delete({ ...todos, id: '1' });
    expect((await a.records.list({ ...todos, visibleTo: 'alice' })).items.map((o) => o.id)).toEqual(['2']);
  });

  it('hands out integer ids once, whichever process asks', async () => {
    await a.records.create({ ...todos, item: todo('5') });
    const ids = await Promise.all([a, b, a, b].map((store) => store.records.nextInteger(todos)));
    expect([...ids].sort((x, y) => x - y)).toEqual([6, 7, 8, 9]);
  });

  it('writes objects without moving the namespace version', async () => {
    const before = (await a.namespaces.get(NS))!.version;
    await a.records.create({ ...todos, item: todo('1') });
    await b.records.replace({ ...todos, id: '1', object: { id: '1' } });
    await b.records.nextInteger(todos);
    await a.records.delete({ ...todos, id: '1' });
    await a.records.clear({ ns: NS, api: 'todo' });
    expect((await b.namespaces.get(NS))!.version).toBe(before);
  });

  it('pages a collection larger than one read of the scripts, with and without an owner', async () => {
    for (let i = 1; i <= 2500; i++) await a.records.create({ ...todos, item: todo(String(i), i % 2 === 0 ? 'alice' : 'bob') });
    const page = await b.records.list({ ...todos, offset: 2000, limit: 3 });
    expect(page.total).toBe(2500);
    expect(page.items.map((o) => o.id)).toEqual(['2001', '2002', '2003']);
    const alices = await b.records.list({ ...todos, visibleTo: 'alice', offset: 1100, limit: 2 });
    expect(alices.total).toBe(1250);
    expect(alices.items.map((o) => o.id)).toEqual(['2202', '2204']);
  });

  it('leaves no key of a collection behind a dropped namespace', async () => {
    await a.records.create({ ...todos, item: todo('1') });
    await b.records.create({ ...todos, parent: 'p', item: todo('2') });
    const admin = new Redis(redis.url);
    const collectionKeys = () => admin.keys(`am:{${NS}}:collection*`);
    expect(await collectionKeys()).toHaveLength(6);
    await b.namespaces.delete(NS);
    const left = await collectionKeys();
    admin.disconnect();
    expect(left).toEqual([]);
  });
});
