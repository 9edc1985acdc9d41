import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { ACCOUNTS, customerToken, makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const TOKEN = '/rest/V1/integration/customer/token';
const ME = '/rest/V1/customers/me';
const SIGN_IN_INCORRECT = 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';

describe('steering rules', () => {
  it('answers the next login with the spec example for 401, once, and the journal marks it', async () => {
    const t = makeApp();
    const added = await t.http.post('/__authmock/steering').send({ operationId: 'createCustomerAccessToken', status: 401 }).expect(201);
    expect(added.body).toMatchObject({
      id: 'r1',
      api: 'commerce',
      operationId: 'createCustomerAccessToken',
      status: 401,
      remaining: 1,
      used: 0,
    });
    const steered = await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(401);
    expect(steered.body.message).toBe(SIGN_IN_INCORRECT);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(200);
    const [real, marked] = (await t.http.get('/__authmock/requests').expect(200)).body;
    expect(marked.steered).toEqual({ rule: 'r1', status: 401 });
    expect(real.steered).toBeUndefined();
    expect((await t.http.get('/__authmock/steering').expect(200)).body).toEqual([]);
  });

  it('still runs the real checks before a status rule answers, unless the rule says bypassAuth', async () => {
    const t = makeApp();
    await t.http.post('/__authmock/steering').send({ operationId: 'getCurrentCustomer', status: 200, times: 2 }).expect(201);
    await t.http.get(ME).expect(401);
    const token = await customerToken(t, ACCOUNTS.john);
    const answered = await t.http.get(ME).set('Authorization', `Bearer ${token}`).expect(200);
    expect(answered.body.email).not.toBe(ACCOUNTS.john.username); // the spec's example, not John
    await t.http.delete('/__authmock/steering').set(CONTROL_CLIENT).expect(204);
    await t.http.post('/__authmock/steering').send({ operationId: 'getCurrentCustomer', status: 200, bypassAuth: true }).expect(201);
    await t.http.get(ME).expect(200);
  });

  it('answers a named example or a given body, and refuses an off-spec rule naming the schema error', async () => {
    const t = makeApp();
    await t.http
      .post('/__authmock/steering')
      .send({ operationId: 'createCustomerAccessToken', status: 400, example: 'passwordMissing' })
      .expect(201);
    const named = await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(400);
    expect(named.body.parameters).toEqual({ fieldName: 'password' });
    const body = { message: 'Steered %x', parameters: { x: 'yes' } };
    await t.http.post('/__authmock/steering').send({ operationId: 'createCustomerAccessToken', status: 401, body }).expect(201);
    expect((await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(401)).body).toEqual(body);
    const offSpec = await t.http
      .post('/__authmock/steering')
      .send({ operationId: 'createCustomerAccessToken', status: 401, body: { nope: 1 } })
      .expect(400);
    expect(offSpec.body.detail).toMatch(
      /does not match the spec's schema for createCustomerAccessToken 401: body.* must have required property 'message'/,
    );
    const noExample = await t.http
      .post('/__authmock/steering')
      .send({ operationId: 'createCustomerAccessToken', status: 400, example: 'nosuch' })
      .expect(400);
    expect(noExample.body.detail).toContain('passwordMissing');
    await t.http.post('/__authmock/steering').send({ operationId: 'noSuchOperation', status: 500 }).expect(404);
    expect((await t.http.get('/__authmock/steering').expect(200)).body).toEqual([]);
  });

  it('matches only the given username, and ends at its ttl', async () => {
    const t = makeApp();
    await t.http
      .post('/__authmock/steering')
      .send({ operationId: 'createCustomerAccessToken', status: 401, username: ACCOUNTS.john.username, times: 5, ttlSeconds: 60 })
      .expect(201);
    await t.http.post(TOKEN).send(ACCOUNTS.roni).expect(200);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(401);
    await t.http.post('/__authmock/clock').send({ advanceSeconds: 61 }).expect(200);
    await t.http.post(TOKEN).send(ACCOUNTS.john).expect(200);
  });

  it("honours Prism's Prefer header: code=401 and example=<name>", async () => {
    const t = makeApp();
    const coded = await t.http.post(TOKEN).set('Prefer', 'code=401').send(ACCOUNTS.roni).expect(401);
    expect(coded.body.message).toBe(SIGN_IN_INCORRECT);
    const named = await t.http.post(TOKEN).set('Prefer', 'code=400, example=bothMissing').send(ACCOUNTS.roni).expect(400);
    expect(named.body.message).toMatch(/input exceptions/);
    const [entry] = (await t.http.get('/__authmock/requests?limit=1').expect(200)).body;
    expect(entry.steered).toEqual({ rule: 'prefer', status: 400 });
  });

  it('delays an answer by a rule, and every answer by --latency', async () => {
    const t = makeApp();
    await t.http
      .post('/__authmock/steering')
      .send({ operationId: 'getCurrentCustomer', delayMs: { min: 150, max: 160 } })
      .expect(201);
    let started = performance.now();
    await t.http.get(ME).expect(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    const slow = makeApp({ latency: { min: 120, max: 120 } });
    started = performance.now();
    await slow.http.get(ME).expect(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    // the control API is built on its first request (its compile is not what this measures)
    await slow.http.get('/__authmock/clock').expect(200);
    started = performance.now();
    await slow.http.get('/__authmock/clock').expect(200);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('resets the connection, closes it with no answer, or cuts the body short', async () => {
    const t = makeApp();
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const fault of ['reset', 'close', 'malformed']) {
        await t.http.post('/__authmock/steering').send({ operationId: 'getDirectoryCountries', fault }).expect(201);
      }
      const outcome = async () => {
        try {
          const res = await fetch(`${base}/rest/V1/directory/countries`);
          const text = await res.text();
          JSON.parse(text);
          return 'ok';
        } catch (err) {
          return String((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message);
        }
      };
      expect(await outcome()).toMatch(/ECONNRESET|other side closed|socket/i);
      expect(await outcome()).toMatch(/other side closed|socket|ECONNRESET/i);
      expect(await outcome()).toMatch(/JSON|Unexpected end/i);
      expect(await outcome()).toBe('ok');
      const faults = (await t.http.get('/__authmock/requests').expect(200)).body.map(
        (e: { steered?: { fault?: string } }) => e.steered?.fault,
      );
      expect(faults).toEqual([undefined, 'malformed', 'close', 'reset']);
    } finally {
      server.close();
    }
  });

  it('lists rules and removes one by id', async () => {
    const t = makeApp();
    await t.http.post('/__authmock/steering').send({ operationId: 'getCurrentCustomer', status: 200, probability: 0.5 }).expect(201);
    await t.http.post('/__authmock/steering').send({ operationId: 'login', status: 401 }).expect(201);
    expect((await t.http.get('/__authmock/steering').expect(200)).body.map((r: { id: string }) => r.id)).toEqual(['r1', 'r2']);
    await t.http.delete('/__authmock/steering/r1').set(CONTROL_CLIENT).expect(204);
    await t.http.delete('/__authmock/steering/r1').set(CONTROL_CLIENT).expect(404);
    expect((await t.http.get('/__authmock/steering').expect(200)).body.map((r: { id: string }) => r.id)).toEqual(['r2']);
    await t.http.post('/__authmock/reset').set(CONTROL_CLIENT).expect(204);
    expect((await t.http.get('/__authmock/steering').expect(200)).body).toEqual([]);
  });
});
