import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const usernames = (body: unknown) => (body as { identities?: { id: string }[] }).identities?.map((i) => i.id) ?? body;

describe('an identity file written after a start on generated defaults', () => {
  it('replaces the generated identities on the same state, keeping those created at run time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-takeover-'));
    const spec = join(dir, 'shop.openapi.yaml');
    copyFileSync(join(import.meta.dirname, '..', 'fixtures', 'oauth', 'shop.openapi.yaml'), spec);
    const store = new MemoryStore(); // one state across both starts
    const first = makeApp({ specs: [spec] }, { store });
    const before = await first.http.get('/__authmock/identities/shop/users').expect(200);
    expect(JSON.stringify(before.body)).toContain('"demo"');
    await first.http
      .post('/__authmock/identities/shop/users')
      .set(CONTROL_CLIENT)
      .send({ username: 'carol', password: 'carol-pass-1', scopes: ['read:orders'] })
      .expect(201);

    writeFileSync(join(dir, 'shop.authmock.yaml'), 'users:\n  - { username: alice, password: alice-pass-1, scopes: [read:orders] }\n');
    const second = makeApp({ specs: [spec] }, { store });
    const after = await second.http.get('/__authmock/identities/shop/users').expect(200);
    const text = JSON.stringify(after.body);
    expect(text).toContain('"alice"');
    expect(text).toContain('"carol"');
    expect(text, `${JSON.stringify(usernames(after.body))}`).not.toContain('"demo"');
    // the generated client went too: the file names none
    expect(JSON.stringify((await second.http.get('/__authmock/identities/shop/clients').expect(200)).body)).not.toContain('demo-client');
  });
});
