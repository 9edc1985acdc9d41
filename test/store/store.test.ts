import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { STORE_IMPLEMENTATIONS } from './implementations.js';
import { NOW, SEED } from './shared-suite/fixtures.js';
import { describeIdentities, describeNextId } from './shared-suite/describe-identities.js';
import { describeLoginFailures } from './shared-suite/describe-login-failures.js';
import { describeNamespaceVersion } from './shared-suite/describe-namespace-version.js';
import { describeNamespaces } from './shared-suite/describe-namespaces.js';
import { describeNonces } from './shared-suite/describe-nonces.js';
import { describeSweepAndStats } from './shared-suite/describe-sweep-and-stats.js';
import { describeTokens } from './shared-suite/describe-tokens.js';

// The shared suite: every Store implementation runs every part of it (test/store/shared-suite/),
// each test on a store of its own, opened here and handed to the parts by `current`.
describe.each(STORE_IMPLEMENTATIONS)('the $name store', (impl) => {
  let store: Store;
  beforeEach(async () => {
    store = await impl.open();
    await store.namespaces.create({ ns: 'default', seed: SEED, seedHash: 'seed-1', now: NOW });
    await store.namespaces.create({ ns: 'other', seed: SEED, seedHash: 'seed-1', now: NOW });
  });
  afterEach(async () => {
    await impl.close(store);
  });

  it('names its kind', () => {
    expect(store.kind).toBe(impl.kind ?? impl.name);
  });

  it('keeps a secret key of 32 bytes that does not change while open', () => {
    expect(Buffer.isBuffer(store.secretKey)).toBe(true);
    expect(store.secretKey).toHaveLength(32);
    expect(store.secretKey.equals(store.secretKey)).toBe(true);
  });

  const current = () => store;
  describeNamespaces(current);
  describeNamespaceVersion(current);
  describeIdentities(current);
  describeNextId(current);
  describeTokens(current);
  describeNonces(current);
  describeSweepAndStats(current);
  describeLoginFailures(current);

  it('can be closed twice', async () => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
