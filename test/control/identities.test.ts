import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { ACCOUNTS, adminToken, customerToken, makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const TOKEN = '/rest/V1/integration/customer/token';
const ADMIN_TOKEN = '/rest/V1/integration/admin/token';
const ME = '/rest/V1/customers/me';
const LOGIN = '/socialapi/auth/post/login';
const ada = { email: 'ada@example.com', password: 'Ada-Lovelace-1', firstname: 'Ada', lastname: 'Lovelace' };

describe('the control API: identities', () => {
  it('creates a commerce customer who can log in and read its own record', async () => {
    const t = makeApp();
    const created = await t.http
      .post('/__authmock/commerce/customers')
      .send({ ...ada, dob: '1815-12-10' })
      .expect(201);
    expect(created.body).toMatchObject({
      id: 3,
      email: ada.email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      dob: '1815-12-10',
      website_id: 1,
    });
    expect(JSON.stringify(created.body)).not.toContain(ada.password);
    const login = await t.http.post(TOKEN).send({ username: ada.email, password: ada.password }).expect(200);
    const me = await t.http.get(ME).set('Authorization', `Bearer ${login.body}`).expect(200);
    expect(me.body).toEqual(created.body);
    const admin = await adminToken(t);
    const byId = await t.http.get('/rest/V1/customers/3').set('Authorization', `Bearer ${admin}`).expect(200);
    expect(byId.body.email).toBe(ada.email);
  });

  it('refuses a second customer with the same e-mail, and a record off the Customer schema', async () => {
    const t = makeApp();
    const dup = await t.http.post('/__authmock/commerce/customers').send({ ...ada, email: 'ROni_cost@example.com' });
    expect(dup.status).toBe(409);
    const off = await t.http.post('/__authmock/commerce/customers').send({ ...ada, gender: 'lots' });
    expect(off.status).toBe(400);
    expect(off.body.detail).toContain('gender');
    const missing = await t.http.post('/__authmock/commerce/customers').send({ email: 'x@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('password');
  });

  it('makes a changed password take effect on the next login', async () => {
    const t = makeApp();
    await t.http.patch('/__authmock/identities/commerce/customers/2').send({ password: 'Changed-2' }).expect(200);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(401);
    await t.http.post(TOKEN).send({ username: ACCOUNTS.john.username, password: 'Changed-2' }).expect(200);
    const byEmail = await t.http.get(`/__authmock/identities/commerce/customers/${encodeURIComponent(ACCOUNTS.john.username)}`).expect(200);
    expect(byEmail.body.id).toBe(2);
  });

  it('changes record fields, which GET /V1/customers/me then answers', async () => {
    const t = makeApp();
    const token = await customerToken(t);
    await t.http.patch('/__authmock/identities/commerce/customers/1').send({ firstname: 'Roni' }).expect(200);
    const me = await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.firstname).toBe('Roni');
  });

  it('deletes a customer and with it every token it held', async () => {
    const t = makeApp();
    const token = await customerToken(t);
    await t.http.delete('/__authmock/identities/commerce/customers/1').set(CONTROL_CLIENT).expect(204);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(401);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(401);
    await t.http.get('/__authmock/identities/commerce/customers/1').expect(404);
    const list = await t.http.get('/__authmock/identities/commerce/customers').expect(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([2]);
  });

  it('creates admins with ACL resources, and disables them', async () => {
    const t = makeApp();
    const created = await t.http
      .post('/__authmock/commerce/admins')
      .send({ username: 'reports', password: 'reports123', resources: ['Magento_Customer::customer'] })
      .expect(201);
    expect(created.body).toMatchObject({ id: 3, username: 'reports', active: true, resources: ['Magento_Customer::customer'] });
    expect(JSON.stringify(created.body)).not.toContain('reports123');
    const token = await adminToken(t, { username: 'reports', password: 'reports123' });
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.patch('/__authmock/identities/commerce/admins/reports').send({ active: false }).expect(200);
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${token}`).expect(401);
    await t.http.post(ADMIN_TOKEN).send({ username: 'reports', password: 'reports123' }).expect(401);
    const bad = await t.http.post('/__authmock/commerce/admins').send({ username: 'x', password: 'y', resources: 'some' });
    expect(bad.status).toBe(400);
  });

  it('creates social users and client apps that log in together', async () => {
    const t = makeApp();
    await t.http.post('/__authmock/social/apps').send({ apiKey: 'test-app', secretKey: 'test-secret' }).expect(201);
    const user = await t.http
      .post('/__authmock/social/users')
      .send({ username: 'ada', email: 'ada@example.com', password: 'ada-password-1', unreadCount: 2 })
      .expect(201);
    expect(user.body).toMatchObject({
      userId: 4,
      username: 'ada',
      email: 'ada@example.com',
      verified: true,
      approved: true,
      unreadCount: 2,
    });
    const login = await t.http
      .post(LOGIN)
      .send({ username: 'ada', password: 'ada-password-1', apiKey: 'test-app', secretKey: 'test-secret' })
      .expect(201);
    expect(login.body.count).toBe('2');
    expect(login.body.user.userId).toBe(4);
    await t.http.patch('/__authmock/identities/social/users/4').send({ approved: false }).expect(200);
    const pending = await t.http.post(LOGIN).send({ username: 'ada', password: 'ada-password-1', ...ACCOUNTS.app });
    expect(pending.status).toBe(403);
    const minimal = await t.http.post('/__authmock/social/users').send({ username: 'bob' });
    expect(minimal.status).toBe(400);
  });

  it("tells an admin's current authenticator code on the namespace clock, and sets a new secret", async () => {
    const t = makeApp();
    const totp = (secret: string, at: number) =>
      new OTPAuth.TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
    const admin = await t.http.get('/__authmock/identities/commerce/admins/admin').expect(200);
    expect(admin.body).toMatchObject({ googleConfigured: true, currentCode: totp('JBSWY3DPEHPK3PXP', t.clock.now()) });
    expect(JSON.stringify(admin.body)).not.toContain('JBSWY3DPEHPK3PXP');
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 90 }).expect(200);
    const changed = await t.http
      .patch('/__authmock/identities/commerce/admins/admin')
      .send({ googleSecret: 'GEZDGNBVGY3TQOJQ' })
      .expect(200);
    expect(changed.body.currentCode).toBe(totp('GEZDGNBVGY3TQOJQ', t.clock.now() + 90_000));
  });

  it('answers 404 for a kind no module has', async () => {
    const t = makeApp();
    const res = await t.http.get('/__authmock/identities/commerce/wizards');
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('commerce/customers');
  });
});

describe('the control API: tokens and lockouts', () => {
  it('issues tokens without a login, usable at once, for each kind of caller', async () => {
    const t = makeApp();
    const customer = await t.http.post('/__authmock/tokens').send({ api: 'commerce', userType: 'customer', userId: '2' }).expect(201);
    const me = await t.http.get(ME).set('Authorization', `Bearer ${customer.body.token}`).expect(200);
    expect(me.body.id).toBe(2);
    const admin = await t.http.post('/__authmock/tokens').send({ api: 'commerce', userType: 'admin', userId: 1 }).expect(201);
    await t.http.get('/rest/V1/customers/1').set('Authorization', `Bearer ${admin.body.token}`).expect(200);
    const social = await t.http.post('/__authmock/tokens').send({ api: 'social', userType: 'social', userId: 1 }).expect(201);
    await t.http.get('/socialapi/user/get/profile').set('Authorization', `Bearer ${social.body.token}`).expect(200);
    await t.http.post('/__authmock/tokens').send({ api: 'commerce', userType: 'customer', userId: '99' }).expect(404);
    await t.http.post('/__authmock/tokens').send({ api: 'nope', userType: 'customer', userId: '1' }).expect(404);
    await t.http.post('/__authmock/tokens').send({ api: 'commerce', userType: 'wizard', userId: '1' }).expect(400);
  });

  it('lists tokens without their secret and revokes one or all of an identity', async () => {
    const t = makeApp();
    const a = await customerToken(t);
    const b = await customerToken(t);
    const list = await t.http.get('/__authmock/tokens').query({ api: 'commerce', userId: '1' }).expect(200);
    expect(list.body).toHaveLength(2);
    expect(JSON.stringify(list.body)).not.toContain(a.slice(10));
    expect(list.body[0]).toMatchObject({ api: 'commerce', userType: 'customer', userId: '1', expiresAt: null, expired: false });
    await t.http.delete(`/__authmock/tokens/commerce/${list.body[0].id}`).set(CONTROL_CLIENT).expect(204);
    await t.http.get(ME).set('Authorization', `Bearer ${a}`).expect(401);
    await t.http.get(ME).set('Authorization', `Bearer ${b}`).expect(200);
    const all = await t.http
      .delete('/__authmock/tokens')
      .set(CONTROL_CLIENT)
      .query({ api: 'commerce', userType: 'customer', userId: '1' })
      .expect(200);
    expect(all.body).toEqual({ count: 1 });
    await t.http.get(ME).set('Authorization', `Bearer ${b}`).expect(401);
    await t.http.delete(`/__authmock/tokens/commerce/${list.body[0].id}`).set(CONTROL_CLIENT).expect(404);
  });

  it('unlocks one name, or every name', async () => {
    const t = makeApp();
    for (let i = 0; i < 6; i++) {
      await t.http.post(TOKEN).send({ ...ACCOUNTS.john, password: 'wrong' });
      await t.http.post(TOKEN).send({ ...ACCOUNTS.roni, password: 'wrong' });
    }
    await t.http
      .delete(`/__authmock/lockouts/${encodeURIComponent('JOHN.smith@example.com')}`)
      .set(CONTROL_CLIENT)
      .expect(204);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(200);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(401);
    await t.http.delete('/__authmock/lockouts').set(CONTROL_CLIENT).expect(204);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(200);
  });
});
