import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { startSweeper } from '../../src/runtime/sweeper.js';
import { createLogger } from '../../src/log/create-logger.js';
import { makeApp } from '../support/make-app.js';
import { COMMERCE } from '../support/wire.js';

const NOW = Date.UTC(2026, 0, 1);
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const KINDS = {
  memory: () => new MemoryStore(),
  sqlite: () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-sweep-'));
    dirs.push(dir);
    return new SqliteStore(dir);
  },
};

async function fill(store: Store, ns: string): Promise<void> {
  await store.namespaces.create({ ns, seed: [], seedHash: 'seed', now: NOW });
  const token = { api: 'commerce', verifierHash: 'h', userType: 'customer', userId: '1', issuedAt: NOW };
  for (let i = 0; i < 5; i++) await store.tokens.save({ ns, token: { ...token, expiresAt: NOW - 1000 } });
  await store.tokens.save({ ns, token: { ...token, expiresAt: NOW + 60_000 } });
  await store.tokens.save({ ns, token: { ...token, expiresAt: null } });
  const fail = (username: string, now: number, lockMs: number) =>
    store.lockouts.recordFailure({ ns, api: 'commerce', userType: 'customer', username, now, lockMs });
  for (let i = 0; i < 4; i++) await fail(`gone-${i}`, NOW - 10_000, 1000);
  await fail('locked', NOW, 60_000);
}

describe.each(Object.keys(KINDS) as (keyof typeof KINDS)[])('sweep on the %s store', (kind) => {
  const open = () => {
    const store = KINDS[kind]();
    stores.push(store);
    return store;
  };

  it('deletes expired tokens and failure rows whose lock expired, no more than the limit per call', async () => {
    const store = open();
    await fill(store, 'a');
    expect(await store.sweep({ ns: 'a', now: NOW, limit: 3 })).toEqual({ tokens: 3, failures: 0 });
    expect(await store.sweep({ ns: 'a', now: NOW, limit: 4 })).toEqual({ tokens: 2, failures: 2 });
    expect(await store.sweep({ ns: 'a', now: NOW, limit: 100 })).toEqual({ tokens: 0, failures: 2 });
    expect(await store.sweep({ ns: 'a', now: NOW, limit: 100 })).toEqual({ tokens: 0, failures: 0 });
    const left = await store.tokens.list({ ns: 'a' });
    expect(left.map((t) => t.expiresAt).sort()).toEqual([NOW + 60_000, null].sort());
    expect((await store.lockouts.list('a')).map((f) => f.username)).toEqual(['locked']);
  });

  it('sweeps one namespace only, or all when none is named', async () => {
    const store = open();
    await fill(store, 'a');
    await fill(store, 'b');
    expect(await store.sweep({ ns: 'a', now: NOW, limit: 100 })).toEqual({ tokens: 5, failures: 4 });
    expect((await store.tokens.list({ ns: 'b' })).length).toBe(7);
    expect(await store.sweep({ now: NOW, limit: 100 })).toEqual({ tokens: 5, failures: 4 });
  });

  it('reports the size of the state', async () => {
    const store = open();
    await fill(store, 'a');
    const stats = await store.stats();
    expect(stats).toMatchObject({ namespaces: 1, identities: 0, tokens: 7, loginFailures: 5 });
    if (kind === 'sqlite') {
      expect(stats.fileBytes).toBeGreaterThan(0);
      expect(stats.walBytes).toBeGreaterThanOrEqual(0);
    }
  });

  it('the sweeper sweeps each namespace at its own time, within its budget', async () => {
    const store = open();
    await fill(store, 'a');
    await fill(store, 'b');
    // b's clock is an hour behind: its tokens that expired a second ago have not expired there.
    await store.namespaces.update({ ns: 'b', clockOffsetMs: -3600_000 });
    const sweeper = startSweeper({ store, clock: { now: () => NOW }, log: createLogger('silent'), budget: 6 });
    try {
      expect(await sweeper.sweepOnce()).toEqual({ tokens: 5, failures: 1 });
      expect(await sweeper.sweepOnce()).toEqual({ tokens: 0, failures: 3 });
      expect((await store.tokens.list({ ns: 'b' })).length).toBe(7);
      expect((await store.lockouts.list('b')).length).toBe(5);
    } finally {
      sweeper.stop();
    }
  });
});

describe('state under a stream of distinct failing usernames', () => {
  it('stays flat once the sweep runs, and /__authmock/health reports its size', async () => {
    const t = makeApp({ lockout: { maxFailures: 6, seconds: 60 } });
    for (let i = 0; i < 200; i++) {
      await t.http
        .post(COMMERCE.customerToken)
        .send({ username: `nobody-${i}@example.com`, password: 'x' })
        .expect(401);
    }
    const before = (await t.http.get('/__authmock/health').expect(200)).body.state;
    expect(before).toMatchObject({ namespaces: 1, loginFailures: 200, tokens: 0 });
    expect(before.identities).toBeGreaterThan(0);
    t.clock.advance(61);
    const sweeper = startSweeper({ store: t.store, clock: t.clock, log: createLogger('silent') });
    await sweeper.sweepOnce();
    sweeper.stop();
    expect((await t.http.get('/__authmock/health').expect(200)).body.state.loginFailures).toBe(0);
  });
});
