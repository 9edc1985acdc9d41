import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../src/log/request-log.js';
import { join } from 'node:path';
import { ACCOUNTS, ROOT, customerToken, makeApp, socialToken, type TestApp } from '../support/make-app.js';
import type { Config } from '../../src/config.js';

interface Line {
  time: string;
  level: string;
  msg: string;
  ns?: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  operationId?: string;
  reason?: string;
}

/** An app whose request log (JSON, at `level`) is kept in memory. */
function loggedApp(config: Partial<Config> = {}, level = 'info'): TestApp & { text: () => string; lines: () => Line[] } {
  const written: string[] = [];
  const requestLog = createRequestLog({ level, format: 'json', color: false, write: (s) => void written.push(s) });
  const t = makeApp(config, { requestLog });
  const text = () => written.join('');
  return Object.assign(t, {
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line),
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const TOKEN_PATH = '/rest/V1/integration/customer/token';

describe('the request log: one JSON line a request, with why a refusal was refused', () => {
  it('a success: time, method, path, status, milliseconds and the operation; no reason, no default namespace', async () => {
    const t = loggedApp();
    const token = await customerToken(t);
    await t.http.get('/rest/V1/customers/me').set(bearer(token)).expect(200);
    const [login, me] = t.lines();
    expect(login).toMatchObject({ level: 'info', msg: 'request', method: 'POST', path: TOKEN_PATH, status: 200 });
    expect(me).toMatchObject({ method: 'GET', path: '/rest/V1/customers/me', status: 200, operationId: 'getCurrentCustomer' });
    expect(me.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof me.ms).toBe('number');
    expect(me).not.toHaveProperty('reason');
    expect(me).not.toHaveProperty('ns');
  });

  it('names the namespace when it is not the default, and gives the path inside it', async () => {
    const t = loggedApp();
    await t.http.get('/__ns/worker-3/rest/V1/directory/countries').expect(200);
    expect(t.lines()[0]).toMatchObject({ ns: 'worker-3', path: '/rest/V1/directory/countries', status: 200 });
  });

  it.each([
    ['no credential', (_t: TestApp) => ({}), 'no credential; needs self'],
    ['an unknown token', (_t: TestApp) => bearer('0eeyl0aaaaaaaaaaaaaaaaaaaaaaaaaa'), 'unknown token 0eeyl0…; needs self'],
    ['a malformed token', (_t: TestApp) => bearer('not-a-token'), 'malformed token not-a-…; needs self'],
  ])('401 with %s', async (_name, headers, reason) => {
    const t = loggedApp();
    await t.http.get('/rest/V1/customers/me').set(headers(t)).expect(401);
    expect(t.lines()[0]).toMatchObject({ status: 401, reason });
  });

  it('a wrong Basic credential says whose password was wrong, or that the user is unknown, never the password', async () => {
    const t = loggedApp({ specs: [join(ROOT, 'test', 'byo', 'specs', 'schemes.openapi.yaml')] });
    const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
    await t.http.get('/v1/basic').set(basic('alice', 'not-her-pass')).expect(401);
    await t.http.get('/v1/basic').set(basic('nobody', 'x-pass')).expect(401);
    expect(t.lines().map((l) => l.reason)).toEqual(['wrong password for alice; needs basicAuth', 'no user nobody; needs basicAuth']);
    expect(t.text()).not.toContain('not-her-pass');
  });

  it('a revoked token: revoked, with when and by which operation', async () => {
    const t = loggedApp();
    const token = await customerToken(t);
    await t.http.get('/rest/V1/customers/me').set(bearer(token)).expect(200);
    await t.http.post('/rest/V1/integration/customer/revoke-customer-token').set(bearer(token)).expect(200);
    await t.http.get('/rest/V1/customers/me').set(bearer(token)).expect(401);
    expect(t.lines().at(-1)?.reason).toMatch(
      new RegExp(
        `^revoked token ${token.slice(0, 6)}… \\(token of customer 1 revoked at \\d\\d:\\d\\d:\\d\\d by revokeCustomerAccessToken\\); needs self$`,
      ),
    );
  });

  it('an expired token: expired, and since when', async () => {
    const t = loggedApp({ tokenLifetimes: { customer: 60 } });
    const token = await customerToken(t);
    t.clock.advance(61);
    await t.http.get('/rest/V1/customers/me').set(bearer(token)).expect(401);
    expect(t.lines().at(-1)?.reason).toMatch(/^expired token \w{6}… \(expired at 2026-01-01T00:01:00\.000Z\); needs self$/);
  });

  it("another API's token: which API it belongs to", async () => {
    const t = loggedApp();
    const token = await socialToken(t);
    await t.http.get('/rest/V1/customers/me').set(bearer(token)).expect(401);
    expect(t.lines().at(-1)?.reason).toBe(
      `token ${token.slice(0, 6)}… belongs to another API (a social token, refused by commerce); needs self`,
    );
  });

  it('a missing permission: which one', async () => {
    const t = loggedApp();
    const token = await customerToken(t);
    await t.http.get('/rest/V1/customers/2').set(bearer(token)).expect(401);
    expect(t.lines().at(-1)).toMatchObject({ status: 401, reason: 'missing permission Magento_Customer::customer' });
  });

  it('a request invalid against the spec: where, and at which field', async () => {
    const t = loggedApp();
    await t.http.post(TOKEN_PATH).send({ username: ACCOUNTS.roni.username }).expect(400);
    await t.http
      .post(TOKEN_PATH)
      .send({ username: ACCOUNTS.roni.username, password: ['x'] })
      .expect(400);
    await t.http.post('/socialapi/auth/post/login').send({ apiKey: 'demo-mobile-app', secretKey: 'x', username: 'jane.doe' }).expect(400);
    expect(t.lines().map((l) => l.reason)).toEqual([
      'request invalid against the spec: body field password',
      'request invalid against the spec: body field password',
      'request invalid against the spec: body field password',
    ]);
  });

  it('a wrong password and a locked-out name: the same answer, told apart', async () => {
    const t = loggedApp();
    const wrong = { ...ACCOUNTS.john, password: 'Wrong-Password-1' };
    for (let i = 0; i < 6; i++) await t.http.post(TOKEN_PATH).send(wrong).expect(401);
    await t.http.post(TOKEN_PATH).send(ACCOUNTS.john).expect(401);
    const reasons = t.lines().map((l) => l.reason);
    expect(reasons.slice(0, 6)).toEqual(Array(6).fill('wrong password or unknown user'));
    expect(reasons[6]).toBe('locked out until 2026-01-01T00:30:00.000Z');
  });

  it("the social API's refusals: what its answer says", async () => {
    const t = loggedApp();
    const login = (who: { username: string; password: string }, secretKey: string = ACCOUNTS.app.secretKey) =>
      t.http.post('/socialapi/auth/post/login').send({ ...who, apiKey: ACCOUNTS.app.apiKey, secretKey });
    await login(ACCOUNTS.unverified).expect(403);
    await login(ACCOUNTS.jane, 'wrong-secret').expect(401);
    await t.http.get('/socialapi/user/get/profile').expect(401);
    expect(t.lines().map((l) => [l.status, l.reason])).toEqual([
      [403, 'This account still requires either email verification or admin approval.'],
      [401, 'Invalid API credentials.'],
      [401, 'no credential; needs token'],
    ]);
  });

  it('an unmatched request: what did not match and the operation it was likely meant for', async () => {
    const t = loggedApp();
    await t.http.get('/rest/V1/customer/me').expect(404);
    await t.http.get('/nothing/here').expect(404);
    const [typo, nowhere] = t.lines();
    expect(typo.reason).toMatch(/^no operation matches: path \/rest\/V1\/customer\/me .*; nearest is getCurrentCustomer$/);
    expect(nowhere).toMatchObject({ path: '/nothing/here', status: 404, reason: 'no API is served here' });
  });

  it('with the journal off it still says why', async () => {
    const t = loggedApp({ journalSize: 0 });
    await t.http.get('/rest/V1/customers/me').expect(401);
    const token = await customerToken(t);
    await t.http.get('/rest/V1/customers/2').set(bearer(token)).expect(401);
    expect(t.lines().map((l) => l.reason)).toEqual([
      'no credential; needs self',
      undefined,
      'missing permission Magento_Customer::customer',
    ]);
  });

  it("the control API's own requests only at debug", async () => {
    const info = loggedApp();
    await info.http.get('/__authmock/clock').expect(200);
    expect(info.lines()).toEqual([]);
    const debug = loggedApp({}, 'debug');
    await debug.http.get('/__authmock/clock').expect(200);
    expect(debug.lines()).toMatchObject([{ level: 'debug', path: '/__authmock/clock', status: 200 }]);
  });

  it('at error level only failures of the server (5xx) are written; silent writes none', async () => {
    for (const level of ['error', 'silent']) {
      const t = loggedApp({}, level);
      await t.http.get('/rest/V1/customers/me').expect(401);
      await t.http.get('/rest/V1/directory/countries').expect(200);
      expect(t.lines(), level).toEqual([]);
    }
  });

  it('a steered fault gets its line too, saying what the client met instead of the answer', async () => {
    const t = loggedApp();
    await t.http.post('/__authmock/steering').send({ operationId: 'getDirectoryCountries', fault: 'close' }).expect(201);
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      await fetch(`http://127.0.0.1:${port}/rest/V1/directory/countries`).catch(() => undefined);
      await expect.poll(() => t.lines().find((l) => l.path === '/rest/V1/directory/countries')).toBeDefined();
      expect(t.lines().find((l) => l.path === '/rest/V1/directory/countries')!.reason).toMatch(
        /^steered: rule \S+ closed the connection unanswered$/,
      );
    } finally {
      server.close();
    }
  });

  it("a CORS preflight of a mocked API's path gets its line", async () => {
    const t = loggedApp();
    await t.http
      .options('/rest/V1/customers/me')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'GET')
      .expect(204);
    expect(t.lines()).toEqual([expect.objectContaining({ method: 'OPTIONS', path: '/rest/V1/customers/me', status: 204 })]);
  });

  it('carries no password, secret key, token or key that a request carried', async () => {
    const t = loggedApp({}, 'debug');
    const token = await customerToken(t);
    const social = await socialToken(t);
    await t.http.get('/rest/V1/customers/me').set(bearer(token));
    await t.http.get(`/socialapi/user/get/profile?userToken=${social}`);
    await t.http
      .post('/socialapi/auth/post/login')
      .send({ username: 'jane.doe', password: 'Secret-Pw-91ab', apiKey: 'demo-mobile-app', secretKey: 'Sk-77cd' });
    await t.http.post(TOKEN_PATH).send({ username: 'Secret-Pw-91ab', password: ['Secret-Pw-44ef'] });
    await t.http
      .post(TOKEN_PATH)
      .set('Content-Type', 'application/xml')
      .send('<login><username>a</username><password>Xml-Pw-5150</password>');
    await t.http.get('/__authmock/clock').set('X-Authmock-Key', 'Control-Key-0a0a');
    const text = t.text();
    expect(t.lines().length).toBeGreaterThanOrEqual(8);
    for (const secret of [
      token,
      social,
      ACCOUNTS.roni.password,
      ACCOUNTS.jane.password,
      ACCOUNTS.app.secretKey,
      'Secret-Pw-91ab',
      'Secret-Pw-44ef',
      'Sk-77cd',
      'Xml-Pw-5150',
      'Control-Key-0a0a',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the pretty format', () => {
  it('one line for people: time, namespace, method, path, status, milliseconds and the reason; coloured only when asked', async () => {
    for (const color of [false, true]) {
      const written: string[] = [];
      const requestLog = createRequestLog({ level: 'info', format: 'pretty', color, write: (s) => void written.push(s) });
      const t = makeApp({}, { requestLog });
      await t.http.get('/__ns/w1/rest/V1/customers/me').expect(401);
      const line = written.join('');
      if (!color) {
        expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \[w1\] GET \/rest\/V1\/customers\/me 401 \d+\.\d ms - no credential; needs self\n$/);
      } else {
        expect(line).toContain('\u001b[33m401\u001b[39m'); // a 4xx in yellow
        expect(line.replace(/\u001b\[\d+m/g, '')).toMatch(/ \[w1\] GET \/rest\/V1\/customers\/me 401 /);
      }
    }
  });
});
