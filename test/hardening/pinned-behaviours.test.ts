import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToIdentity } from '../../src/apis/commerce/identities.js';
import { SecretDigester, createRandomPool } from '../../src/auth/secrets.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { ACCOUNTS, adminToken, makeApp, type TestApp } from '../support/make-app.js';
import { COMMERCE } from '../support/wire.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const STORES = {
  memory: () => new MemoryStore(),
  sqlite: () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-pinned-'));
    dirs.push(dir);
    return new SqliteStore(dir);
  },
};

async function failLogin(t: TestApp, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await t.http
      .post(COMMERCE.customerToken)
      .send({ username: ACCOUNTS.roni.username, password: `wrong-${i}` })
      .expect(401);
  }
}

describe.each(Object.keys(STORES) as (keyof typeof STORES)[])('the failure count once a lock has expired (%s store)', (kind) => {
  it('starts again at one: a wrong password after an expired lock does not lock the name again', async () => {
    const store = STORES[kind]();
    const t = makeApp({}, { store });
    try {
      await failLogin(t, 6);
      await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(401); // locked
      t.clock.advance(1801);
      await failLogin(t, 1);
      const res = await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni);
      expect(res.status).toBe(200);
      expect(res.body).toMatch(COMMERCE.tokenShape);
    } finally {
      await store.close();
    }
  });
});

describe('an inactive admin', () => {
  it('is refused at login with the generic 401, even with the right password', async () => {
    const t = makeApp();
    await adminToken(t); // the namespace exists from the first request on
    const digest = new SecretDigester(t.store.secretKey, createRandomPool()).digest('retired-password-1');
    const put = await t.store.identities.put({
      ns: 'default',
      identity: adminToIdentity({ id: 99, username: 'retired', passwordDigest: digest, active: false, resources: 'all' }),
    });
    expect(put).toBe('ok');
    const res = await t.http.post(COMMERCE.adminToken).send({ username: 'retired', password: 'retired-password-1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.signInIncorrect);
    // The same admin, active, logs in: the refusal is the flag's doing, not the password's.
    await t.store.identities.put({
      ns: 'default',
      identity: adminToIdentity({ id: 99, username: 'retired', passwordDigest: digest, active: true, resources: 'all' }),
    });
    await t.http.post(COMMERCE.adminToken).send({ username: 'retired', password: 'retired-password-1' }).expect(200);
  });
});

describe('XML answers', () => {
  it('escape input echoed in an error message (<, > and &)', async () => {
    const t = makeApp();
    const token = await adminToken(t);
    const res = await t.http
      .get('/rest/V1/customers/a%3Cb%3E%26c')
      .set('Authorization', `Bearer ${token}`)
      .set('Accept', 'application/xml');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(COMMERCE.xml);
    expect(res.text).toContain('The "a&lt;b&gt;&amp;c" value');
    expect(res.text).not.toContain('a<b>&c');
  });
});
