import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { ERP, CATALOG, signedGet } from './integration-signing.js';

describe('nonces in the SQLite store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-nonces-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are remembered per consumer, and forgotten when the namespace is reset', async () => {
    const store = new SqliteStore(dir);
    try {
      const t = makeApp({}, { store });
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(200);
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(401);
      expect(await store.nonces.remember({ ns: 'default', consumerKey: ERP.consumerKey, nonce: 'persisted', timestamp: 1 })).toBe(false);
      expect(await store.nonces.remember({ ns: 'default', consumerKey: CATALOG.consumerKey, nonce: 'persisted', timestamp: 1 })).toBe(true);
      await store.reset();
      await signedGet(t, '/rest/V1/customers/1', { nonce: 'persisted' }).expect(200);
    } finally {
      await store.close();
    }
  });
});
