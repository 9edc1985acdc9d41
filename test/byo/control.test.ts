import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../support/make-app.js';
import { CONTROL_CLIENT } from '../support/wire.js';

const SCHEMES = join(import.meta.dirname, 'specs', 'schemes.openapi.yaml');
const OPEN = join(import.meta.dirname, 'specs', 'open.openapi.yaml');
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe("the control API for a user's spec", () => {
  it('creates, reads and deletes a user; the new user logs in with Basic at once', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const made = await t.http
      .post('/__authmock/identities/schemes/users')
      .send({ username: 'dora', password: 'dora-pass-1', scopes: ['reports:read'], claims: { email: 'dora@example.com' } })
      .expect(201);
    expect(made.body).toEqual({ username: 'dora', scopes: ['reports:read'], claims: { email: 'dora@example.com' } });
    await t.http.get('/v1/basic').set('Authorization', basic('dora', 'dora-pass-1')).expect(200);
    await t.http.get('/__authmock/identities/schemes/users/dora').expect(200);
    await t.http.delete('/__authmock/identities/schemes/users/dora').set(CONTROL_CLIENT).expect(204);
    await t.http.get('/v1/basic').set('Authorization', basic('dora', 'dora-pass-1')).expect(401);
  });

  it('refuses an unknown field of a user, naming it', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const res = await t.http.post('/__authmock/identities/schemes/users').send({ username: 'x', password: 'y', role: 'admin' }).expect(400);
    expect(res.body.detail).toMatch(/role: is not a known key/);
  });

  it('refuses an API key for a user the API does not hold: it would be refused on every request', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const res = await t.http.post('/__authmock/identities/schemes/api-keys').send({ user: 'ghost' }).expect(400);
    expect(res.body.detail).toMatch(/schemes has no user ghost; create the user first/);
    expect((await t.http.get('/__authmock/identities/schemes/api-keys').expect(200)).body).not.toContainEqual(
      expect.objectContaining({ user: 'ghost' }),
    );
  });

  it('generates an API key when none is given, shows it once, and finds it by the key or its id', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const made = await t.http
      .post('/__authmock/identities/schemes/api-keys')
      .send({ user: 'alice', scopes: ['reports:read'] })
      .expect(201);
    const { key, id } = made.body as { key: string; id: string };
    expect(key.length).toBeGreaterThanOrEqual(20);
    await t.http.get('/v1/header-key').set('X-API-Key', key).expect(200);
    const byKey = await t.http.get(`/__authmock/identities/schemes/api-keys/${encodeURIComponent(key)}`).expect(200);
    expect(byKey.body).toEqual({ id, prefix: key.slice(0, 4), user: 'alice', scopes: ['reports:read'] });
    expect(JSON.stringify((await t.http.get('/__authmock/identities/schemes/api-keys').expect(200)).body)).not.toContain(key);
    await t.http.delete(`/__authmock/identities/schemes/api-keys/${id}`).set(CONTROL_CLIENT).expect(204);
    await t.http.get('/v1/header-key').set('X-API-Key', key).expect(401);
  });

  it('creates an OAuth client with a generated secret, or a public one', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const made = await t.http.post('/__authmock/identities/schemes/clients').send({ clientId: 'web', scopes: [] }).expect(201);
    expect(made.body).toMatchObject({ clientId: 'web', public: false, clientSecret: expect.any(String) });
    const pub = await t.http
      .post('/__authmock/identities/schemes/clients')
      .send({ clientId: 'spa', public: true, redirectUris: ['http://localhost:5173/cb'] })
      .expect(201);
    expect(pub.body).toEqual({
      clientId: 'spa',
      public: true,
      scopes: [],
      grantTypes: ['client_credentials'],
      redirectUris: ['http://localhost:5173/cb'],
    });
  });

  it('refuses a client no authorization server would register', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    const refused = async (client: Record<string, unknown>, says: RegExp) => {
      const res = await t.http.post('/__authmock/identities/schemes/clients').send(client).expect(400);
      expect(JSON.stringify(res.body)).toMatch(says);
    };
    await refused({ clientId: 'a', redirectUris: ['http://localhost:9/cb#frag'] }, /fragment/);
    await refused({ clientId: 'b', redirectUris: ['javascript:alert(1)'] }, /javascript:/);
    await refused({ clientId: 'c', redirectUris: ['/relative/cb'] }, /absolute URI/);
    await refused({ clientId: 'd', grantTypes: ['client-credentials'] }, /not a grant type/);
    await refused({ clientId: 'e', public: true, clientSecret: 'zz' }, /public client has no secret/);
    await t.http
      .post('/__authmock/identities/schemes/clients')
      .send({ clientId: 'app', public: true, grantTypes: ['authorization_code'], redirectUris: ['com.example.app:/oauth2redirect'] })
      .expect(201);
  });

  it('lists tokens with their scopes, never their secret, and revokes them', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    // opaque tokens are kept and listed; the authorization server's JWTs (the default for this spec) are not kept
    await t.http
      .put('/__authmock/settings')
      .send({ oauth: { accessTokenFormat: 'opaque' } })
      .expect(200);
    const minted = await t.http
      .post('/__authmock/tokens')
      .send({ api: 'schemes', user: 'bob', scopes: ['admin'] })
      .expect(201);
    const list = await t.http.get('/__authmock/tokens?api=schemes').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: minted.body.id, userType: 'user', userId: 'bob', scopes: ['admin'] })]);
    expect(JSON.stringify(list.body)).not.toContain(minted.body.token);
  });

  it('lists the specs served: name, file, mount, operations, version', async () => {
    const t = makeApp({ specs: [SCHEMES, OPEN] });
    const res = await t.http.get('/__authmock/specs').expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        name: 'schemes',
        file: SCHEMES,
        mount: '/v1',
        operations: 15,
        version: '1.0.0',
        openapi: '3.1.0',
        builtIn: false,
      }),
      { name: 'open', file: OPEN, mount: '/', operations: 2, version: '1', openapi: '3.0.0', builtIn: false },
      // the authorization server the schemes spec names, authmock's own
      expect.objectContaining({ name: 'oauth-server', builtIn: true }),
    ]);
    expect(res.body[0].warnings).toContain(
      'security scheme mtls (mutualTLS) is not supported: operations that only it satisfies answer 401',
    );
  });

  it('keeps identities made at run time per namespace, and a reset goes back to the identity file', async () => {
    const t = makeApp({ specs: [SCHEMES] });
    await t.http.post('/__ns/w1/__authmock/identities/schemes/users').send({ username: 'eve', password: 'eve-pass-1' }).expect(201);
    await t.http.get('/__ns/w1/v1/basic').set('Authorization', basic('eve', 'eve-pass-1')).expect(200);
    await t.http.get('/__ns/w2/v1/basic').set('Authorization', basic('eve', 'eve-pass-1')).expect(401);
    await t.http.post('/__ns/w1/__authmock/reset').set(CONTROL_CLIENT).expect(204);
    await t.http.get('/__ns/w1/v1/basic').set('Authorization', basic('eve', 'eve-pass-1')).expect(401);
    await t.http.get('/__ns/w1/v1/basic').set('Authorization', basic('alice', 'alice-pass-1')).expect(200);
  });
});
