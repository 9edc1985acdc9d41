import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/store/redis-store.js';
import { ReadCacheStore } from '../../src/store/read-cache-store.js';
import type { Identity, NewToken } from '../../src/store/store.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';

const NOW = Date.UTC(2026, 0, 1);
const NS = 'default';
const customer = (id: string, email: string): Identity => ({ api: 'commerce', kind: 'customer', id, keys: [email], data: { name: id } });
const SEED = [customer('1', 'a@example.com'), customer('2', 'b@example.com')];
const token = (userId: string): NewToken => ({
  api: 'commerce',
  verifierHash: 'h',
  userType: 'customer',
  userId,
  issuedAt: NOW,
  expiresAt: null,
});
const login = { ns: NS, api: 'commerce', userType: 'customer', username: 'a@example.com' };

/**
 * Two processes' stores on one Redis, each behind the read cache in its shared mode: what
 * one writes holds in the other from the other's next request, which starts by reading the
 * namespace's record (and with it the version).
 */
describe.skipIf(SKIP_REDIS)('the read cache of two processes on one Redis', () => {
  let redis: RedisServer;
  let innerA: RedisStore;
  let a: ReadCacheStore;
  let b: ReadCacheStore;
  /** one request on A: its namespace first, as serve-api does */
  const onA = async <T>(read: () => Promise<T>) => {
    await a.namespaces.get(NS);
    return read();
  };

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
    innerA = await RedisStore.open(redis.url);
    a = new ReadCacheStore(innerA, { shared: true });
    b = new ReadCacheStore(await RedisStore.open(redis.url), { shared: true });
    await b.namespaces.create({ ns: NS, seed: SEED, seedHash: 'seed', now: NOW });
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps what a request reads, so the next one reads only the record', async () => {
    const id = await b.tokens.save({ ns: NS, token: token('1') });
    const finds = vi.spyOn(innerA.tokens, 'find');
    const gets = vi.spyOn(innerA.identities, 'get');
    for (let i = 0; i < 3; i++) {
      expect((await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id })))?.userId).toBe('1');
      expect((await onA(() => a.identities.get({ ns: NS, api: 'commerce', kind: 'customer', id: '1' })))?.id).toBe('1');
    }
    expect(finds).toHaveBeenCalledTimes(1);
    expect(gets).toHaveBeenCalledTimes(1);
  });

  it("holds a revocation made through B on A's very next request", async () => {
    const one = await b.tokens.save({ ns: NS, token: token('1') });
    const two = await b.tokens.save({ ns: NS, token: token('2') });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: one }))).toBeDefined();
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: two }))).toBeDefined();
    await b.tokens.revoke({ ns: NS, api: 'commerce', id: one });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: one }))).toBeUndefined();
    await b.tokens.revokeUser({ ns: NS, api: 'commerce', userType: 'customer', userId: '2' });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: two }))).toBeUndefined();
  });

  it('sees identities B wrote or deleted, and a failed login B counted, on the next request', async () => {
    const find = (key: string) => onA(() => a.identities.find({ ns: NS, api: 'commerce', kind: 'customer', key }));
    expect(await find('c@example.com')).toBeUndefined();
    expect(await onA(() => a.lockouts.get(login))).toBeUndefined();
    await b.identities.put({ ns: NS, identity: customer('3', 'c@example.com') });
    expect((await find('c@example.com'))?.id).toBe('3');
    await b.identities.delete({ ns: NS, api: 'commerce', kind: 'customer', id: '3' });
    expect(await find('c@example.com')).toBeUndefined();
    await b.lockouts.recordFailure({ ...login, now: NOW, lockMs: 60_000 });
    expect((await onA(() => a.lockouts.get(login)))?.failures).toBe(1);
  });

  it('forgets a namespace B reset, or deleted and made again under the same name', async () => {
    const id = await b.tokens.save({ ns: NS, token: token('1') });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id }))).toBeDefined();
    await b.namespaces.reset({ ns: NS, seed: SEED, seedHash: 'seed', now: NOW });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id }))).toBeUndefined();

    const again = await b.tokens.save({ ns: NS, token: token('1') });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: again }))).toBeDefined();
    await b.namespaces.delete(NS);
    await b.namespaces.create({ ns: NS, seed: SEED, seedHash: 'seed', now: NOW });
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id: again }))).toBeUndefined();
  });

  it('does not keep a token read while B revoked it, when a later request saw the revocation first', async () => {
    const id = await b.tokens.save({ ns: NS, token: token('1') });
    await a.namespaces.get(NS);
    // A's read goes out; B revokes; A's next request reads the record before the first read is back
    const racing = a.tokens.find({ ns: NS, api: 'commerce', id });
    await b.tokens.revoke({ ns: NS, api: 'commerce', id });
    await racing;
    expect(await onA(() => a.tokens.find({ ns: NS, api: 'commerce', id }))).toBeUndefined();
  });
});
