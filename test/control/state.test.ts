import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken, makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const TOKEN = '/rest/V1/integration/customer/token';
const ME = '/rest/V1/customers/me';

describe('the control API: clock, settings, reset', () => {
  it('reads the clock and moves it forward, to a date, and back to real time', async () => {
    const t = makeApp();
    const start = await t.http.get('/__authmock/clock').expect(200);
    expect(start.body).toEqual({ now: new Date(t.clock.now()).toISOString(), offsetSeconds: 0 });
    const moved = await t.http.post('/__authmock/clock').send({ advanceSeconds: 90 }).expect(200);
    expect(moved.body).toEqual({ now: new Date(t.clock.now() + 90_000).toISOString(), offsetSeconds: 90 });
    const set = await t.http.post('/__authmock/clock').send({ now: '2030-01-01T00:00:00Z' }).expect(200);
    expect(set.body.now).toBe('2030-01-01T00:00:00.000Z');
    const real = await t.http.post('/__authmock/clock').send({ real: true }).expect(200);
    expect(real.body.offsetSeconds).toBe(0);
  });

  it('expires a token by moving the clock past its lifetime, with no waiting', async () => {
    const t = makeApp();
    await t.http
      .put('/__authmock/settings')
      .send({ tokenLifetimes: { customer: 3600 } })
      .expect(200);
    const token = await customerToken(t);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 3599 }).expect(200);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 2 }).expect(200);
    const expired = await t.http.get(ME).set('Authorization', `Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(expired.body.parameters).toEqual({ resources: 'self' });
  });

  it('ends a lockout by moving the clock past the lockout window', async () => {
    const t = makeApp();
    for (let i = 0; i < 6; i++)
      await t.http
        .post(TOKEN)
        .send({ ...ACCOUNTS.john, password: 'wrong' })
        .expect(401);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(401);
    const locks = await t.http.get('/__authmock/lockouts').expect(200);
    expect(locks.body).toEqual([
      expect.objectContaining({ api: 'commerce', userType: 'customer', username: ACCOUNTS.john.username, failures: 6, locked: true }),
    ]);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 1801 }).expect(200);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(200);
  });

  it('changes the lockout settings of the namespace and puts them back with null', async () => {
    const t = makeApp();
    const changed = await t.http.put('/__authmock/settings').send({ lockoutFailures: 2, lockoutSeconds: 60 }).expect(200);
    expect(changed.body).toMatchObject({ lockoutFailures: 2, lockoutSeconds: 60 });
    for (let i = 0; i < 2; i++)
      await t.http
        .post(TOKEN)
        .send({ ...ACCOUNTS.john, password: 'wrong' })
        .expect(401);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(401);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 61 });
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(200);
    const back = await t.http.put('/__authmock/settings').send({ lockoutFailures: null }).expect(200);
    expect(back.body.lockoutFailures).toBe(6);
  });

  it('refuses an unknown token type in the settings', async () => {
    const t = makeApp();
    const res = await t.http
      .put('/__authmock/settings')
      .send({ tokenLifetimes: { wizard: 10 } })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toContain('wizard');
  });

  it('resets identities, tokens, lockouts, clock and settings to the fixtures', async () => {
    const t = makeApp();
    const token = await customerToken(t);
    await t.http
      .post('/__authmock/commerce/customers')
      .send({ email: 'ada@example.com', password: 'Ada-1', firstname: 'Ada', lastname: 'L' })
      .expect(201);
    await t.http
      .post(TOKEN)
      .send({ ...ACCOUNTS.john, password: 'wrong' })
      .expect(401);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 500 });
    await t.http.put('/__authmock/settings').send({ lockoutFailures: 2 });
    const reset = await t.http.post('/__authmock/reset').set(CONTROL_CLIENT);
    expect(reset.status).toBe(204);
    expect(reset.text).toBe('');
    expect((await t.http.get('/__authmock/lockouts')).body).toEqual([]);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(401);
    await t.http.post(TOKEN).send({ username: 'ada@example.com', password: 'Ada-1' }).expect(401);
    expect((await t.http.get('/__authmock/clock')).body.offsetSeconds).toBe(0);
    expect((await t.http.get('/__authmock/settings')).body.lockoutFailures).toBe(6);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(200);
  });

  it('answers problem+json naming what is wrong with a request', async () => {
    const t = makeApp();
    const bad = await t.http.post('/__authmock/clock').send({ advanceSeconds: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(bad.body.errors.join(' ')).toContain('advanceSeconds');
    const two = await t.http.post('/__authmock/clock').send({ advanceSeconds: 1, real: true });
    expect(two.status).toBe(400);
    const notJson = await t.http.post('/__authmock/clock').set(CONTROL_CLIENT).set('Content-Type', 'text/plain').send('advance');
    expect(notJson.status).toBe(415);
    const broken = await t.http.post('/__authmock/clock').set('Content-Type', 'application/json').send('{');
    expect(broken.status).toBe(400);
    const unknown = await t.http.get('/__authmock/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.title).toBe('Not Found');
    const method = await t.http.delete('/__authmock/clock').set(CONTROL_CLIENT);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toContain('GET');
  });

  it('serves its own spec', async () => {
    const t = makeApp();
    const res = await t.http.get('/__authmock/openapi.yaml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    expect(res.text).toContain('title: authmock control API');
  });

  it('is not served with --no-control', async () => {
    const t = makeApp({ control: false });
    const res = await t.http.get('/__authmock/clock');
    expect(res.status).toBe(404);
  });
});
