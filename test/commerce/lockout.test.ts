import { describe, expect, it } from 'vitest';
import { ACCOUNTS, makeApp, type TestApp } from '../support/make-app.js';
import { useApp } from '../support/shared-app.js';
import { COMMERCE } from '../support/wire.js';

const app = useApp();

async function fail(t: TestApp, path: string, username: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await t.http.post(path).send({ username, password: `wrong-${i}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(COMMERCE.signInIncorrect);
  }
}

const ENDPOINTS = [
  { name: 'customer', path: COMMERCE.customerToken, who: ACCOUNTS.roni },
  { name: 'admin', path: COMMERCE.adminToken, who: ACCOUNTS.admin },
] as const;

describe.each(ENDPOINTS)('login lockout on the $name token endpoint', ({ path, who }) => {
  it('refuses even the right password with the generic 401 after 6 failures', async () => {
    const t = app();
    await fail(t, path, who.username, 6);
    const res = await t.http.post(path).send(who);
    expect(res.status).toBe(401);
    expect(res.text).toBe(JSON.stringify(COMMERCE.signInIncorrect));
  });

  it('still accepts the right password after 5 failures', async () => {
    const t = app();
    await fail(t, path, who.username, 5);
    const res = await t.http.post(path).send(who);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(COMMERCE.tokenShape);
  });

  it('resets the count on a successful login, so 5 more failures do not lock', async () => {
    const t = app();
    await fail(t, path, who.username, 5);
    await t.http.post(path).send(who).expect(200);
    await fail(t, path, who.username, 5);
    await t.http.post(path).send(who).expect(200);
  });

  it('keeps the name locked for 1800 s after the last failure', async () => {
    const t = app();
    await fail(t, path, who.username, 6);
    t.clock.advance(1799);
    await t.http.post(path).send(who).expect(401);
  });

  it('accepts the right password once the clock is past the 1800 s lock', async () => {
    const t = app();
    await fail(t, path, who.username, 6);
    t.clock.advance(1801);
    const res = await t.http.post(path).send(who);
    expect(res.status).toBe(200);
  });

  it('runs the lock from the last failure that was counted', async () => {
    const t = app();
    await fail(t, path, who.username, 5);
    t.clock.advance(1000);
    await fail(t, path, who.username, 1);
    t.clock.advance(1000);
    await t.http.post(path).send(who).expect(401);
    t.clock.advance(801);
    await t.http.post(path).send(who).expect(200);
  });

  // The platform's throttle refuses a locked name before the password is tried, so a
  // refused attempt is not logged as a failure and does not extend the lock.
  it('does not extend the lock for attempts made while locked', async () => {
    const t = app();
    await fail(t, path, who.username, 6);
    t.clock.advance(1000);
    await fail(t, path, who.username, 1);
    t.clock.advance(801);
    await t.http.post(path).send(who).expect(200);
  });

  it('locks the name whatever its letter case', async () => {
    const t = app();
    await fail(t, path, who.username.toUpperCase(), 6);
    await t.http.post(path).send(who).expect(401);
  });

  it('counts failures for unknown usernames too', async () => {
    const t = app();
    await fail(t, path, 'nobody-here@example.com', 6);
    const userType = path === COMMERCE.adminToken ? 'admin' : 'customer';
    const counted = await t.store.lockouts.get({ ns: 'default', api: 'commerce', userType, username: 'nobody-here@example.com' });
    expect(counted?.failures).toBe(6);
    expect(counted?.lockExpiresAt).toBe(t.clock.now() + 1800 * 1000);
  });

  it('does not lock other users', async () => {
    const t = app();
    await fail(t, path, who.username, 6);
    const other = path === COMMERCE.adminToken ? ACCOUNTS.catalog : ACCOUNTS.john;
    await t.http.post(path).send(other).expect(200);
  });
});

describe('login lockout', () => {
  it('counts customer and admin logins separately', async () => {
    const t = app();
    await fail(t, COMMERCE.customerToken, 'admin', 6);
    await t.http.post(COMMERCE.adminToken).send(ACCOUNTS.admin).expect(200);
  });

  it('does not count requests refused for missing fields', async () => {
    const t = app();
    for (let i = 0; i < 6; i++) await t.http.post(COMMERCE.customerToken).send({ username: ACCOUNTS.roni.username }).expect(400);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(200);
  });

  it('follows the configured maximum and lock time', async () => {
    const t = makeApp({ lockout: { maxFailures: 3, seconds: 60 } });
    await fail(t, COMMERCE.customerToken, ACCOUNTS.roni.username, 2);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(200);
    await fail(t, COMMERCE.customerToken, ACCOUNTS.roni.username, 3);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(401);
    t.clock.advance(59);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(401);
    t.clock.advance(2);
    await t.http.post(COMMERCE.customerToken).send(ACCOUNTS.roni).expect(200);
  });
});
