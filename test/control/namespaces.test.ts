import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { ACCOUNTS, makeApp, ROOT } from '../support/make-app.js';
import { defaultConfig } from '../../src/config.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { lazyApp } from '../support/lazy-app.js';
import { createApp } from '../../src/http/create-app.js';
import { createLogger } from '../../src/log/create-logger.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const TOKEN = '/rest/V1/integration/customer/token';
const ME = '/rest/V1/customers/me';

describe('namespaces', () => {
  it('keeps a token issued in one namespace unknown in every other', async () => {
    const t = makeApp();
    const login = await t.http.post(`/__ns/worker-1${TOKEN}`).send(ACCOUNTS.roni).expect(200);
    await t.http.get(`/__ns/worker-1${ME}`).set('Authorization', `Bearer ${login.body}`).expect(200);
    await t.http.get(ME).set('X-Authmock-Namespace', 'worker-1').set('Authorization', `Bearer ${login.body}`).expect(200);
    await t.http.get(`/__ns/worker-2${ME}`).set('Authorization', `Bearer ${login.body}`).expect(401);
    await t.http.get(ME).set('Authorization', `Bearer ${login.body}`).expect(401);
  });

  it('runs two lockout flows at the same time, each in its own namespace, without either seeing the other', async () => {
    const t = makeApp();
    const flow = async (ns: string) => {
      const base = `/__ns/${ns}`;
      for (let i = 0; i < 6; i++)
        await t.http
          .post(`${base}${TOKEN}`)
          .send({ ...ACCOUNTS.john, password: 'wrong' })
          .expect(401);
      await t.http.post(`${base}${TOKEN}`).send(ACCOUNTS.john).expect(401);
      const locks = await t.http.get(`${base}/__authmock/lockouts`).expect(200);
      expect(locks.body).toHaveLength(1);
      expect(locks.body[0].failures).toBe(6);
      await t.http.post(`${base}/__authmock/clock`).send({ advanceSeconds: 1801 }).expect(200);
      await t.http.post(`${base}${TOKEN}`).send(ACCOUNTS.john).expect(200);
    };
    await Promise.all([flow('worker-a'), flow('worker-b')]);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(200);
  });

  it('resets, moves the clock and creates identities in one namespace only', async () => {
    const t = makeApp();
    await t.http.post('/__ns/a/__authmock/clock').send({ advanceSeconds: 100 }).expect(200);
    expect((await t.http.get('/__ns/b/__authmock/clock')).body.offsetSeconds).toBe(0);
    await t.http.post('/__ns/a/__authmock/social/users').send({ username: 'ada', email: 'ada@example.com', password: 'ada-1' }).expect(201);
    const login = { username: 'ada', password: 'ada-1', ...ACCOUNTS.app };
    await t.http.post('/__ns/a/socialapi/auth/post/login').send(login).expect(201);
    await t.http.post('/__ns/b/socialapi/auth/post/login').send(login).expect(401);
    const other = await t.http.post(`/__ns/b${TOKEN}`).send(ACCOUNTS.roni).expect(200);
    await t.http.post('/__ns/a/__authmock/reset').set(CONTROL_CLIENT).expect(204);
    await t.http.get(`/__ns/b${ME}`).set('Authorization', `Bearer ${other.body}`).expect(200);
  });

  it('lists and deletes namespaces', async () => {
    const t = makeApp();
    await t.http.get('/__ns/one/__authmock/clock').expect(200);
    await t.http.get('/__ns/two/__authmock/clock').expect(200);
    const list = await t.http.get('/__authmock/namespaces').expect(200);
    expect(list.body.map((n: { name: string }) => n.name).sort()).toEqual(['default', 'one', 'two']);
    const token = await t.http.post(`/__ns/one${TOKEN}`).send(ACCOUNTS.roni).expect(200);
    await t.http.delete('/__authmock/namespaces/one').set(CONTROL_CLIENT).expect(204);
    await t.http.delete('/__authmock/namespaces/one').set(CONTROL_CLIENT).expect(404);
    await t.http.get(`/__ns/one${ME}`).set('Authorization', `Bearer ${token.body}`).expect(401);
  });

  it('refuses a namespace past the bound with a clear 409, and a bad name with a 400', async () => {
    const t = makeApp({ maxNamespaces: 2 });
    await t.http.get('/__authmock/clock').expect(200);
    await t.http.get('/__ns/second/__authmock/clock').expect(200);
    const third = await t.http.post(`/__ns/third${TOKEN}`).send(ACCOUNTS.roni);
    expect(third.status).toBe(409);
    expect(third.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(third.body.detail).toContain('--max-namespaces');
    const bad = await t.http.get(ME).set('X-Authmock-Namespace', 'no spaces');
    expect(bad.status).toBe(400);
    const long = await t.http.get(`/__ns/${'x'.repeat(65)}${ME}`);
    expect(long.status).toBe(400);
  });
});

describe('who may use the control API', () => {
  const start = (controlKey?: string) => {
    const config = { ...defaultConfig(ROOT), state: 'memory', logLevel: 'silent', cacheDir: undefined };
    const runtime = createRuntime({ config, store: new MemoryStore(), log: createLogger('silent') });
    return request(lazyApp(runtime.then((r) => createApp(r, { controlKey }))));
  };

  it('requires the key in X-Authmock-Key when one is set, and the mocked APIs never accept it', async () => {
    const http = start('s3cret-key');
    const none = await http.get('/__authmock/clock');
    expect(none.status).toBe(401);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    await http.get('/__authmock/clock').set('X-Authmock-Key', 'wrong').expect(401);
    await http.get('/__authmock/clock').set('X-Authmock-Key', 's3cret-key').expect(200);
    await http.get(ME).set('X-Authmock-Key', 's3cret-key').set('Authorization', 'Bearer s3cret-key').expect(401);
  });

  it('is open without a key (loopback)', async () => {
    await start().get('/__authmock/clock').expect(200);
  });
});
