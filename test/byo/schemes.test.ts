import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const SCHEMES = join(import.meta.dirname, 'specs', 'schemes.openapi.yaml');
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A token the control API mints for a user (or client) of the spec, with chosen scopes. */
async function mint(t: TestApp, body: Record<string, unknown>): Promise<string> {
  const res = await t.http.post('/__authmock/tokens').send({ api: 'schemes', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

describe("a user's spec: each scheme and location", () => {
  it('takes an API key in a header, a query parameter or a cookie, and refuses a wrong one with 401', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.get('/v1/header-key').set('X-API-Key', 'alice-key-1').expect(200, { ok: true });
    await t.http.get('/v1/query-key?api_key=alice-key-1').expect(200);
    await t.http.get('/v1/cookie-key').set('Cookie', 'theme=dark; session=alice-key-1').expect(200);
    for (const [path, set] of [
      ['/v1/header-key', (r: any) => r.set('X-API-Key', 'wrong')],
      ['/v1/query-key?api_key=wrong', (r: any) => r],
      ['/v1/cookie-key', (r: any) => r.set('Cookie', 'session=wrong')],
      ['/v1/header-key', (r: any) => r],
    ] as const) {
      const res = await set(t.http.get(path));
      expect(res.status, path).toBe(401);
      expect(res.headers['www-authenticate'], 'an API key has no challenge').toBeUndefined();
    }
  });

  it('takes Basic credentials of a user, and answers 401 with a Basic challenge otherwise', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.get('/v1/basic').set('Authorization', basic('alice', 'alice-pass-1')).expect(200);
    for (const auth of [basic('alice', 'nope'), basic('nobody', 'x'), 'Basic !!!', undefined]) {
      const req = t.http.get('/v1/basic');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="schemes", charset="UTF-8"');
    }
  });

  it('takes a bearer token it issued; a missing one gets a bare challenge, a bad one invalid_token (RFC 6750)', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    // a token for the http bearer scheme: the spec also has an oauth2 scheme, so the control API is told which
    const token = await mint(t, { user: 'alice', scheme: 'bearerAuth' });
    expect(token).toMatch(/^amk_[A-Za-z0-9_-]{43}$/);
    await t.http.get('/v1/bearer').set('Authorization', `Bearer ${token}`).expect(200);
    // the authorization server's tokens (JWTs, RFC 9068, or opaque where the namespace asks) prove its oauth2 scheme, not bearerAuth
    const jwt = await mint(t, { user: 'alice' });
    expect(jwt).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    await t.http.get('/v1/oauth').set('Authorization', `Bearer ${jwt}`).expect(200);
    const refused = await t.http.get('/v1/bearer').set('Authorization', `Bearer ${jwt}`).expect(401);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer realm="schemes", error="invalid_token", error_description="the token was issued for the authorization server, not for bearerAuth"',
    );
    await t.http
      .put('/__authmock/settings')
      .send({ oauth: { accessTokenFormat: 'opaque' } })
      .expect(200);
    const opaque = await mint(t, { user: 'alice' });
    expect(opaque).toMatch(/^amk_[A-Za-z0-9_-]{43}$/);
    await t.http.get('/v1/oauth').set('Authorization', `Bearer ${opaque}`).expect(200);
    await t.http.get('/v1/bearer').set('Authorization', `Bearer ${opaque}`).expect(401);
    await t.http.get('/v1/bearer').set('Authorization', `bearer ${token}`).expect(200); // the scheme is case-insensitive
    const none = await t.http.get('/v1/bearer').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="schemes"');
    expect(none.headers['content-type']).toMatch(/^application\/json/); // the operation's own declared 401
    const bad = await t.http.get('/v1/bearer').set('Authorization', 'Bearer amk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(401);
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer realm="schemes", error="invalid_token", error_description="[^"]+"$/);
  });

  it('expires a token on the namespace clock and refuses a revoked one', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const res = await t.http
      .post('/__authmock/tokens')
      .send({ api: 'schemes', user: 'alice', expiresIn: 60, scheme: 'bearerAuth' })
      .expect(201);
    const auth = `Bearer ${res.body.token}`;
    await t.http.get('/v1/bearer').set('Authorization', auth).expect(200);
    t.clock.advance(61);
    const expired = await t.http.get('/v1/bearer').set('Authorization', auth).expect(401);
    expect(expired.headers['www-authenticate']).toContain('error_description="the access token expired"');
    const other = await t.http.post('/__authmock/tokens').send({ api: 'schemes', user: 'bob' }).expect(201);
    await t.http.delete(`/__authmock/tokens/schemes/${other.body.id}`).set(CONTROL_CLIENT).expect(204);
    await t.http.get('/v1/bearer').set('Authorization', `Bearer ${other.body.token}`).expect(401);
  });

  it('serves an operation only an unsupported scheme (mutualTLS) satisfies with 401, and says why at start and in the journal', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http
      .get('/v1/mtls')
      .set('Authorization', `Bearer ${await mint(t, { user: 'bob', scheme: 'bearerAuth' })}`)
      .expect(401);
    const { warnings } = await t.runtime;
    expect(warnings).toContain('schemes: security scheme mtls (mutualTLS) is not supported: operations that only it satisfies answer 401');
    const [entry] = (await t.http.get('/__authmock/requests?limit=1')).body;
    expect(entry).toMatchObject({ operationId: 'withMutualTls', status: 401, permission: { outcome: 'refused', required: 'mtls' } });
  });
});

describe("a user's spec: how requirements combine", () => {
  it('lets either credential of an OR in, and needs both of an AND', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.get('/v1/either').set('X-API-Key', 'alice-key-1').expect(200);
    await t.http
      .get('/v1/either')
      .set('Authorization', `Bearer ${await mint(t, { user: 'alice', scheme: 'bearerAuth' })}`)
      .expect(200);
    await t.http.get('/v1/either').expect(401);
    await t.http.get('/v1/both').set('X-API-Key', 'alice-key-1').set('Authorization', basic('alice', 'alice-pass-1')).expect(200);
    await t.http.get('/v1/both').set('X-API-Key', 'alice-key-1').expect(401);
    await t.http.get('/v1/both').set('Authorization', basic('alice', 'alice-pass-1')).expect(401);
  });

  it('makes authentication optional with {}, opens an operation with security: [], and applies the top-level requirement otherwise', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.get('/v1/optional').expect(200);
    await t.http.get('/v1/optional').set('Authorization', 'Bearer garbage').expect(200);
    await t.http.get('/v1/open').expect(200);
    await t.http.get('/v1/bearer').expect(401); // no security of its own: the top level's bearer
  });
});

describe("a user's spec: scopes are permissions", () => {
  it('answers 403 insufficient_scope naming the scope needed, and 200 with it', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const none = await mint(t, { clientId: 'reporter', scopes: [] });
    const res = await t.http.get('/v1/scoped').set('Authorization', `Bearer ${none}`).expect(403);
    expect(res.headers['www-authenticate']).toMatch(/error="insufficient_scope".*scope="reports:read"/);
    const read = await mint(t, { clientId: 'reporter', scopes: ['reports:read'] });
    await t.http.get('/v1/scoped').set('Authorization', `Bearer ${read}`).expect(200);
  });

  it('never mints more scopes than the identity holds', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const res = await t.http
      .post('/__authmock/tokens')
      .send({ api: 'schemes', user: 'alice', scopes: ['reports:write'] })
      .expect(400);
    expect(res.body.detail).toMatch(/alice does not hold reports:write/);
  });

  it('reads roles of a non-OAuth scheme as permissions too (OAS 3.1)', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.delete('/v1/scoped').set('Authorization', basic('bob', 'bob-pass-1')).expect(204);
    await t.http.delete('/v1/scoped').set('Authorization', basic('alice', 'alice-pass-1')).expect(403);
  });

  it("turns another user's resource into 403 for an owner-only operation", async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const alice = `Bearer ${await mint(t, { user: 'alice', scheme: 'bearerAuth' })}`;
    await t.http.get('/v1/users/alice').set('Authorization', alice).expect(200);
    const res = await t.http.get('/v1/users/bob').set('Authorization', alice).expect(403);
    expect(res.body).toMatchObject({ code: expect.any(String) }); // the operation's declared 403 body
    const [entry] = (await t.http.get('/__authmock/requests?limit=1')).body;
    expect(entry.permission).toMatchObject({ outcome: 'refused', missing: 'owner of username' });
  });
});

describe("a user's spec: requests and answers", () => {
  it("checks the body against the spec and answers the spec's declared 422", async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const auth = `Bearer ${await mint(t, { user: 'alice', scheme: 'bearerAuth' })}`;
    const bad = await t.http.post('/v1/notes').set('Authorization', auth).send({ text: '' }).expect(422);
    expect(bad.body).toEqual({ code: 'invalid', message: 'The note is not valid.' });
    const made = await t.http.post('/v1/notes').set('Authorization', auth).send({ text: 'hello' }).expect(201);
    expect(made.body).toEqual(expect.objectContaining({ text: expect.any(String) })); // made from the schema
    const again = await t.http.post('/v1/notes').set('Authorization', auth).send({ text: 'hello' }).expect(201);
    expect(again.text).toBe(made.text); // the same bytes every time
  });

  it("picks a named example with Prism's Prefer header, and follows a steering rule after the real checks", async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const auth = `Bearer ${await mint(t, { user: 'bob', scheme: 'bearerAuth' })}`;
    const bob = await t.http.get('/v1/users/bob').set('Authorization', auth).set('Prefer', 'example=bob').expect(200);
    expect(bob.body).toEqual({ username: 'bob', email: 'bob@example.com' });
    await t.http.post('/__authmock/steering').send({ operationId: 'withBearer', status: 401, times: 1 }).expect(201);
    await t.http.get('/v1/bearer').expect(401); // no credential: the real check answers, the rule waits
    const steered = await t.http.get('/v1/bearer').set('Authorization', auth).expect(401);
    expect(steered.headers['content-type']).toMatch(/^application\/json/);
    await t.http.get('/v1/bearer').set('Authorization', auth).expect(200); // used up
  });

  it('answers 404 and 405 as problem+json', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const missing = await t.http.get('/v1/nowhere').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    const wrong = await t.http.put('/v1/open').expect(405);
    expect(wrong.headers.allow).toBe('GET');
  });
});
