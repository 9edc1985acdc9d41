import { describe, expect, it } from 'vitest';
import { ACCOUNTS, customerToken, makeApp, socialToken } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const TOKEN = '/rest/V1/integration/customer/token';
const ME = '/rest/V1/customers/me';
const REVOKE = '/rest/V1/integration/customer/revoke-customer-token';

describe('the request journal', () => {
  it('lists requests newest first with operation, caller, outcomes, status, duration and masked bodies', async () => {
    const t = makeApp();
    const token = await customerToken(t);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    const list = await t.http.get('/__authmock/requests').expect(200);
    expect(list.body).toHaveLength(2);
    const [me, login] = list.body;
    expect(me).toMatchObject({
      id: 2,
      method: 'GET',
      path: ME,
      api: 'commerce',
      operationId: 'getCurrentCustomer',
      principal: { kind: 'user', userType: 'customer', id: '1' },
      auth: { outcome: 'ok', tokenPrefix: token.slice(0, 6) },
      permission: { outcome: 'allowed', required: 'self' },
      status: 200,
    });
    expect(me.durationMs).toBeGreaterThanOrEqual(0);
    expect(me.instance).toMatch(/^127\.0\.0\.1:\d+$/); // host:port, without --instance-name
    expect(me.request.httpHeaders.authorization).toBe(`Bearer ${token.slice(0, 6)}…`);
    expect(login.operationId).toBe('createCustomerAccessToken');
    expect(login.request.body).toContain('roni_cost@example.com');
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(JSON.stringify(list.body)).not.toContain(ACCOUNTS.roni.password);
  });

  it('filters by operationId, status, method, path, principal, since and limit, and counts', async () => {
    const t = makeApp();
    await t.http
      .post(TOKEN)
      .send({ ...ACCOUNTS.john, password: 'wrong' })
      .expect(401);
    const token = await customerToken(t);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.get(ME).expect(401);
    const count = (q: string) =>
      t.http
        .get(`/__authmock/requests/count${q}`)
        .expect(200)
        .then((r) => r.body.count);
    expect(await count('')).toBe(4);
    expect(await count('?operationId=createCustomerAccessToken')).toBe(2);
    expect(await count('?operationId=createCustomerAccessToken&status=200')).toBe(1);
    expect(await count('?method=get')).toBe(2);
    expect(await count(`?path=${encodeURIComponent('/rest/V1/integration/*')}`)).toBe(2);
    expect(await count('?principal=customer:1')).toBe(1);
    expect(await count('?principal=guest')).toBe(3);
    expect(await count(`?since=${encodeURIComponent(new Date(t.clock.now() + 1000).toISOString())}`)).toBe(0);
    const limited = await t.http.get('/__authmock/requests?limit=1').expect(200);
    expect(limited.body).toHaveLength(1);
    expect(limited.body[0].status).toBe(401);
  });

  it('spells out why a token was refused: none, malformed, another API, unknown, expired, revoked', async () => {
    const t = makeApp();
    const social = await socialToken(t);
    await t.http.get(ME).expect(401);
    await t.http.get(ME).set('Authorization', 'Bearer not-a-token').expect(401);
    await t.http.get(ME).set('Authorization', `Bearer ${social}`).expect(401);
    await t.http
      .get(ME)
      .set('Authorization', `Bearer ${'0'.repeat(32)}`)
      .expect(401);
    await t.http
      .put('/__authmock/settings')
      .send({ tokenLifetimes: { customer: 60 } })
      .expect(200);
    const expiring = await customerToken(t);
    t.clock.advance(61);
    await t.http.get(ME).set('Authorization', `Bearer ${expiring}`).expect(401);
    await t.http
      .put('/__authmock/settings')
      .send({ tokenLifetimes: { customer: null } })
      .expect(200);
    const token = await customerToken(t);
    await t.http.post(REVOKE).set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(401);
    const entries = (await t.http.get(`/__authmock/requests?operationId=getCurrentCustomer`).expect(200)).body.reverse();
    expect(entries.map((e: { auth: { outcome: string } }) => e.auth.outcome)).toEqual([
      'none',
      'malformed',
      'other-api',
      'unknown',
      'expired',
      'revoked',
    ]);
    expect(entries[2].auth.detail).toContain('social');
    expect(entries[5].auth.detail).toMatch(/revoked at \d\d:\d\d:\d\d by revokeCustomerAccessToken/);
    expect(entries[5].permission).toEqual({ outcome: 'refused', required: 'self' });
  });

  it('records an unmatched request with the nearest operation and what did not match', async () => {
    const t = makeApp();
    await t.http.get('/rest/V1/custmers/me').expect(404);
    await t.http.delete(ME);
    const [wrongMethod, typo] = (await t.http.get('/__authmock/requests').expect(200)).body;
    expect(typo).toMatchObject({ operationId: 'unmatched', nearest: { operationId: 'getCurrentCustomer' } });
    expect(typo.nearest.mismatch).toContain('path');
    expect(wrongMethod.nearest).toMatchObject({ operationId: 'getCurrentCustomer' });
    expect(wrongMethod.nearest.mismatch).toContain('method DELETE');
  });

  it('keeps at most --journal-size entries per namespace, and none with 0', async () => {
    const t = makeApp({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await t.http.get(ME).expect(401);
    const list = (await t.http.get('/__authmock/requests').expect(200)).body;
    expect(list.map((e: { id: number }) => e.id)).toEqual([5, 4, 3]);
    const off = makeApp({ journalSize: 0 });
    await off.http.get(ME).expect(401);
    expect((await off.http.get('/__authmock/requests/count').expect(200)).body).toEqual({ count: 0 });
  });

  it('keeps namespaces apart, clears on DELETE and on reset, and never records control requests', async () => {
    const t = makeApp();
    await t.http.get(ME).expect(401);
    await t.http.get(`/__ns/other${ME}`).expect(401);
    await t.http.get(`/__ns/other${ME}`).expect(401);
    expect((await t.http.get('/__authmock/requests/count').expect(200)).body.count).toBe(1);
    expect((await t.http.get('/__ns/other/__authmock/requests/count').expect(200)).body.count).toBe(2);
    await t.http.delete('/__authmock/requests').set(CONTROL_CLIENT).expect(204);
    expect((await t.http.get('/__authmock/requests/count').expect(200)).body.count).toBe(0);
    await t.http.post('/__ns/other/__authmock/reset').set(CONTROL_CLIENT).expect(204);
    expect((await t.http.get('/__ns/other/__authmock/requests/count').expect(200)).body.count).toBe(0);
  });
});

describe('the request journal and OAuth', () => {
  it('says an OAuth-signed request was refused when no step accepted it', async () => {
    const t = makeApp();
    await t.http.get(ME).set('Authorization', 'OAuth oauth_consumer_key="nope", oauth_signature="x"');
    const [entry] = (await t.http.get('/__authmock/requests').expect(200)).body;
    expect(entry.auth.outcome).toBe('refused');
    expect(entry.request.httpHeaders.authorization).toBe('OAuth ***');
  });
});
