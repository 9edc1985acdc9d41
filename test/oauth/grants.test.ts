import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, claimsOf, getJson, postForm, startOAuthMock } from './support.js';

// The authorization server's grants over HTTP, as RFC 6749, 7636 and 7009/7662 say.

let am: Authmock;
let token: string;
beforeAll(async () => {
  am = await startOAuthMock();
  token = `${am.url}/__oauth/token`;
});
afterAll(() => am?.close());

const PORTAL = basic('portal', 'portal-secret');
const BILLING = basic('billing', 'billing-secret');
const VERIFIER = 'v'.repeat(20) + 'erifier-of-fourty-three-chars-at-least';
const S256 = createHash('sha256').update(VERIFIER).digest('base64url');

async function settings(ns: string, oauth: Record<string, unknown>) {
  const res = await fetch(`${am.url}/__ns/${ns}/__authmock/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth }),
  });
  expect(res.status).toBe(200);
}

/** The authorization endpoint with autoApprove: where it redirects to. */
async function authorize(ns: string, params: Record<string, string>): Promise<{ status: number; location: URL | undefined; text: string }> {
  const res = await fetch(`${am.url}/__ns/${ns}/__oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : undefined, text: await res.text() };
}

const codeRequest = (over: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: 'web',
  redirect_uri: 'http://localhost:3000/callback',
  scope: 'read:orders openid',
  state: 'st-1',
  nonce: 'n-1',
  code_challenge: S256,
  code_challenge_method: 'S256',
  ...over,
});

describe('client credentials', () => {
  it('issues an RFC 9068 token to a client with Basic or with its secret in the body', async () => {
    for (const [form, headers] of [
      [{ grant_type: 'client_credentials' }, { Authorization: BILLING }],
      [{ grant_type: 'client_credentials', client_id: 'billing', client_secret: 'billing-secret' }, {}],
    ] as const) {
      const res = await postForm(token, form, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read:orders' });
      expect(res.body.refresh_token).toBeUndefined();
      const claims = claimsOf(res.body.access_token);
      expect(claims).toMatchObject({ iss: am.url, sub: 'billing', aud: 'shop', client_id: 'billing', scope: 'read:orders' });
      expect(claims.exp - claims.iat).toBe(3600);
      expect(typeof claims.jti).toBe('string');
    }
  });

  it('answers invalid_client with 401 and a Basic challenge for a wrong secret or an unknown client', async () => {
    for (const auth of [basic('billing', 'wrong'), basic('nobody', 'x')]) {
      const res = await postForm(token, { grant_type: 'client_credentials' }, { Authorization: auth });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect(res.body).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('refuses an unknown grant, a scope the client lacks, a grant it is not registered for, two authentications', async () => {
    expect((await postForm(token, { grant_type: 'magic' }, { Authorization: BILLING })).body.error).toBe('unsupported_grant_type');
    expect((await postForm(token, {}, { Authorization: BILLING })).body.error).toBe('invalid_request');
    const scope = await postForm(token, { grant_type: 'client_credentials', scope: 'write:orders' }, { Authorization: BILLING });
    expect(scope).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const grant = await postForm(token, { grant_type: 'client_credentials' }, { Authorization: PORTAL });
    expect(grant).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    const twice = await postForm(token, { grant_type: 'client_credentials', client_secret: 'billing-secret' }, { Authorization: BILLING });
    expect(twice.body.error).toBe('invalid_request');
    const publicClient = await postForm(token, { grant_type: 'client_credentials', client_id: 'web' });
    expect(publicClient.body.error).toBe('unauthorized_client');
  });
});

describe('password', () => {
  it("issues the user's token with the scopes both hold, a refresh token and, for openid, an ID token", async () => {
    const res = await postForm(
      token,
      { grant_type: 'password', username: 'alice', password: 'alice-pass-1', scope: 'read:orders openid' },
      { Authorization: PORTAL },
    );
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toMatch(/^amr_/);
    expect(claimsOf(res.body.access_token)).toMatchObject({
      sub: 'alice',
      client_id: 'portal',
      scope: 'read:orders openid',
      email: 'alice@shop.example',
    });
    expect(claimsOf(res.body.id_token)).toMatchObject({ sub: 'alice', aud: 'portal', iss: am.url });
    const all = await postForm(token, { grant_type: 'password', username: 'bob', password: 'bob-pass-1' }, { Authorization: PORTAL });
    expect(all.body.scope).toBe('read:orders');
  });

  it('refuses a wrong password, an unknown user and a scope the user lacks', async () => {
    for (const [username, password] of [
      ['alice', 'nope'],
      ['nobody', 'x'],
    ]) {
      const res = await postForm(token, { grant_type: 'password', username, password }, { Authorization: PORTAL });
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    }
    const res = await postForm(
      token,
      { grant_type: 'password', username: 'bob', password: 'bob-pass-1', scope: 'write:orders' },
      { Authorization: PORTAL },
    );
    expect(res.body.error).toBe('invalid_scope');
  });
});

describe('authorization code with PKCE', () => {
  beforeAll(() => settings('code', { autoApprove: true }));

  it('redirects at once with a code, the state and the issuer; the code buys tokens once', async () => {
    const got = await authorize('code', codeRequest({ login_hint: 'bob' }));
    expect(got.status).toBe(302);
    expect(got.location!.origin + got.location!.pathname).toBe('http://localhost:3000/callback');
    expect(got.location!.searchParams.get('state')).toBe('st-1');
    expect(got.location!.searchParams.get('iss')).toBe(`${am.url}/__ns/code`);
    const code = got.location!.searchParams.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_verifier: VERIFIER,
    };
    const res = await postForm(`${am.url}/__ns/code/oauth/token`, form);
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: 'bob', iss: `${am.url}/__ns/code`, scope: 'read:orders openid' });
    expect(claimsOf(res.body.id_token)).toMatchObject({ nonce: 'n-1', sub: 'bob' });
    const again = await postForm(`${am.url}/__ns/code/oauth/token`, form);
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // what the first redemption bought is revoked by the second
    const orders = await getJson(`${am.url}/__ns/code/shop/orders`, res.body.access_token);
    expect(orders.status).toBe(401);
    const refreshed = await postForm(`${am.url}/__ns/code/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: res.body.refresh_token,
      client_id: 'web',
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('signs in the first user when no login_hint names one, granting only the scopes the user holds', async () => {
    const got = await authorize('code', codeRequest({ scope: 'read:orders write:orders' }));
    const code = got.location!.searchParams.get('code')!;
    const res = await postForm(`${am.url}/__ns/code/__oauth/token`, {
      grant_type: 'authorization_code',
      code,
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_verifier: VERIFIER,
    });
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: 'alice', scope: 'read:orders write:orders' });
  });

  it('refuses a PKCE downgrade, a wrong verifier, a missing challenge from a public client and plain unless allowed', async () => {
    const redeem = async (params: Record<string, string>, verifier?: string) => {
      const code = (await authorize('code', codeRequest(params))).location!.searchParams.get('code')!;
      const form: Record<string, string> = {
        grant_type: 'authorization_code',
        code,
        client_id: 'web',
        redirect_uri: 'http://localhost:3000/callback',
      };
      if (verifier) form.code_verifier = verifier;
      return postForm(`${am.url}/__ns/code/__oauth/token`, form);
    };
    expect((await redeem({})).body).toMatchObject({ error: 'invalid_grant' });
    expect((await redeem({}, `${VERIFIER}x`)).body).toMatchObject({ error: 'invalid_grant' });
    for (const params of [{ code_challenge: '' }, { code_challenge_method: 'plain', code_challenge: VERIFIER }] as Record<
      string,
      string
    >[]) {
      const got = await authorize('code', codeRequest(params));
      expect(got.location!.searchParams.get('error')).toBe('invalid_request');
      expect(got.location!.searchParams.get('state')).toBe('st-1');
    }
    await settings('plain', { autoApprove: true, allowPlainPkce: true });
    const plain = await authorize('plain', codeRequest({ code_challenge_method: 'plain', code_challenge: VERIFIER }));
    const code = plain.location!.searchParams.get('code')!;
    const res = await postForm(`${am.url}/__ns/plain/__oauth/token`, {
      grant_type: 'authorization_code',
      code,
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_verifier: VERIFIER,
    });
    expect(res.status).toBe(200);
  });

  it('never redirects to an unregistered URI, and needs the URI when several are registered', async () => {
    const evil = await authorize('code', codeRequest({ redirect_uri: 'http://localhost:3000/callback/../evil' }));
    expect(evil.status).toBe(400);
    expect(evil.location).toBeUndefined();
    expect(evil.text).toContain('is not registered');
    const unknown = await authorize('code', codeRequest({ client_id: 'nobody' }));
    expect(unknown.status).toBe(400);
    const several = await authorize('code', { response_type: 'code', client_id: 'portal', scope: 'read:orders' });
    expect(several.status).toBe(400);
  });

  it('refuses a code after its minute on the namespace clock, and at another redirect URI or client', async () => {
    const portal = await authorize('code', {
      response_type: 'code',
      client_id: 'portal',
      redirect_uri: 'http://localhost:4000/cb',
      scope: 'read:orders',
    });
    const code = portal.location!.searchParams.get('code')!;
    const other = await postForm(
      `${am.url}/__ns/code/__oauth/token`,
      { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:4000/other' },
      { Authorization: PORTAL },
    );
    expect(other.body).toMatchObject({ error: 'invalid_grant' });
    const late = await authorize('code', {
      response_type: 'code',
      client_id: 'portal',
      redirect_uri: 'http://localhost:4000/cb',
      scope: 'read:orders',
    });
    await fetch(`${am.url}/__ns/code/__authmock/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 61 }),
    });
    const expired = await postForm(
      `${am.url}/__ns/code/__oauth/token`,
      { grant_type: 'authorization_code', code: late.location!.searchParams.get('code')!, redirect_uri: 'http://localhost:4000/cb' },
      { Authorization: PORTAL },
    );
    expect(expired.body).toMatchObject({ error: 'invalid_grant', error_description: 'the code expired' });
    await fetch(`${am.url}/__ns/code/__authmock/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ real: true }),
    });
  });
});

describe('refresh tokens', () => {
  const password = () =>
    postForm(
      token,
      { grant_type: 'password', username: 'alice', password: 'alice-pass-1', scope: 'read:orders write:orders' },
      { Authorization: PORTAL },
    );

  it('rotate: the next refresh token works, the used one revokes its whole family, access tokens included', async () => {
    const first = (await password()).body;
    const second = await postForm(
      token,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'read:orders' },
      { Authorization: PORTAL },
    );
    expect(second.status).toBe(200);
    expect(second.body.scope).toBe('read:orders');
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await getJson(`${am.url}/shop/orders`, second.body.access_token)).status).toBe(200);
    const replay = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, { Authorization: PORTAL });
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(replay.body.error_description).toMatch(/used already/);
    expect((await getJson(`${am.url}/shop/orders`, second.body.access_token)).status).toBe(401);
    const next = await postForm(
      token,
      { grant_type: 'refresh_token', refresh_token: second.body.refresh_token },
      { Authorization: PORTAL },
    );
    expect(next.body.error).toBe('invalid_grant');
  });

  it('is refused to another client', async () => {
    const first = (await password()).body;
    const res = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'web' });
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: 'the refresh token was issued to another client' });
    const mine = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, { Authorization: PORTAL });
    expect(mine.status).toBe(200);
  });
});

describe('revocation and introspection', () => {
  it('introspection needs a client secret and fails closed', async () => {
    const access = (await postForm(token, { grant_type: 'client_credentials' }, { Authorization: BILLING })).body.access_token;
    const ask = (t: string, auth = basic('gateway', 'gateway-secret')) =>
      postForm(`${am.url}/__oauth/introspect`, { token: t }, { Authorization: auth });
    expect((await ask(access)).body).toMatchObject({
      active: true,
      client_id: 'billing',
      scope: 'read:orders',
      token_type: 'Bearer',
      aud: 'shop',
    });
    expect((await postForm(`${am.url}/__oauth/introspect`, { token: access, client_id: 'web' })).status).toBe(401);
    expect((await ask('garbage')).body).toEqual({ active: false });
    expect((await ask(`${access.slice(0, -4)}AAAA`)).body).toEqual({ active: false });
    expect((await ask('x'.repeat(100_000))).body).toEqual({ active: false });
    const foreign = (
      await postForm(`${am.url}/__ns/elsewhere/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: BILLING })
    ).body.access_token;
    expect((await ask(foreign)).body).toEqual({ active: false });
    const revoke = await postForm(`${am.url}/__oauth/revoke`, { token: access }, { Authorization: BILLING });
    expect(revoke.status).toBe(200);
    expect((await ask(access)).body).toEqual({ active: false });
    expect((await getJson(`${am.url}/shop/orders`, access)).status).toBe(401);
  });

  it('revokes a refresh token with its family, and answers 200 for a token it does not know', async () => {
    const grant = (await postForm(token, { grant_type: 'password', username: 'bob', password: 'bob-pass-1' }, { Authorization: PORTAL }))
      .body;
    expect((await postForm(`${am.url}/__oauth/revoke`, { token: 'nonsense' }, { Authorization: PORTAL })).status).toBe(200);
    expect((await postForm(`${am.url}/__oauth/revoke`, { token: grant.refresh_token }, { Authorization: BILLING })).body.error).toBe(
      'invalid_grant',
    );
    expect(
      (
        await postForm(
          `${am.url}/__oauth/revoke`,
          { token: grant.refresh_token, token_type_hint: 'refresh_token' },
          { Authorization: PORTAL },
        )
      ).status,
    ).toBe(200);
    expect(
      (await postForm(token, { grant_type: 'refresh_token', refresh_token: grant.refresh_token }, { Authorization: PORTAL })).body.error,
    ).toBe('invalid_grant');
    expect((await getJson(`${am.url}/shop/orders`, grant.access_token)).status).toBe(401);
  });

  it('expires access tokens on the namespace clock', async () => {
    const access = (await postForm(`${am.url}/__ns/clock/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: BILLING }))
      .body.access_token;
    expect((await getJson(`${am.url}/__ns/clock/shop/orders`, access)).status).toBe(200);
    await fetch(`${am.url}/__ns/clock/__authmock/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 3600 }),
    });
    const res = await getJson(`${am.url}/__ns/clock/shop/orders`, access);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token", error_description="the access token expired"');
    const introspected = await postForm(
      `${am.url}/__ns/clock/__oauth/introspect`,
      { token: access },
      { Authorization: basic('gateway', 'gateway-secret') },
    );
    expect(introspected.body).toEqual({ active: false });
  });
});

describe('a client changed through the control API', () => {
  // clients are kept converted while their stored record holds: a change or a removal must show at once
  it("issues the next token with the client's new scopes, and refuses it once removed", async () => {
    const ns = 'client-change';
    const add = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: 'reports',
        clientSecret: 'reports-secret',
        scopes: ['read:orders'],
        grantTypes: ['client_credentials'],
      }),
    });
    expect(add.status).toBe(201);
    const REPORTS = basic('reports', 'reports-secret');
    const issue = () => postForm(`${am.url}/__ns/${ns}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: REPORTS });
    for (let i = 0; i < 2; i++) expect(claimsOf((await issue()).body.access_token).scope).toBe('read:orders');
    const patch = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients/reports`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['read:orders', 'write:orders'] }),
    });
    expect(patch.status).toBe(200);
    expect(claimsOf((await issue()).body.access_token).scope).toBe('read:orders write:orders');
    const removed = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients/reports`, {
      method: 'DELETE',
      headers: { 'X-Authmock-Client': 'test' },
    });
    expect(removed.status).toBe(204);
    const refused = await issue();
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
  });
});

describe("the specs' own flow URLs", () => {
  it('serves an absolute tokenUrl at its path (Spotify-like), with the spec as the audience', async () => {
    await fetch(`${am.url}/__authmock/identities/music/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: 'player',
        clientSecret: 'player-secret',
        scopes: ['playlist-read-private'],
        grantTypes: ['client_credentials'],
      }),
    });
    const res = await postForm(
      `${am.url}/api/token`,
      { grant_type: 'client_credentials' },
      { Authorization: basic('player', 'player-secret') },
    );
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token).aud).toBe('music');
    expect((await getJson(`${am.url}/v1/me/playlists`, res.body.access_token)).status).toBe(200);
    // a token for another spec is refused: its audience is not this API
    const shop = (await postForm(token, { grant_type: 'client_credentials' }, { Authorization: BILLING })).body.access_token;
    const refused = await getJson(`${am.url}/v1/me/playlists`, shop);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('(aud)');
  });

  it("answers a spec's own token and revoke operations with the real machinery (Box-like)", async () => {
    const client = await fetch(`${am.url}/__authmock/identities/files/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: 'sync',
        clientSecret: 'sync-secret',
        scopes: ['root_readonly'],
        grantTypes: ['client_credentials'],
      }),
    });
    expect(client.status).toBe(201);
    for (const path of ['/oauth2/token', '/2.0/oauth2/token']) {
      const res = await postForm(`${am.url}${path}`, { grant_type: 'client_credentials' }, { Authorization: basic('sync', 'sync-secret') });
      expect(res.status).toBe(200);
      expect(res.body.access_token).not.toBe('example-token');
      expect((await getJson(`${am.url}/2.0/files/12`, res.body.access_token)).status).toBe(200);
      expect(
        (
          await postForm(
            `${am.url}${path.replace('token', 'revoke')}`,
            { token: res.body.access_token },
            { Authorization: basic('sync', 'sync-secret') },
          )
        ).status,
      ).toBe(200);
      expect((await getJson(`${am.url}/2.0/files/12`, res.body.access_token)).status).toBe(401);
    }
  });
});

describe('discovery', () => {
  it('serves one issuer per namespace, in both well-known forms and at the openIdConnectUrl path', async () => {
    const root = (await getJson(`${am.url}/.well-known/openid-configuration`)).body;
    expect(root).toMatchObject({ issuer: am.url, token_endpoint: `${am.url}/__oauth/token`, jwks_uri: `${am.url}/__oauth/jwks` });
    expect((await getJson(`${am.url}/.well-known/oauth-authorization-server`)).body.issuer).toBe(am.url);
    const ns = `${am.url}/__ns/w1`;
    expect((await getJson(`${ns}/.well-known/openid-configuration`)).body).toMatchObject({
      issuer: ns,
      token_endpoint: `${ns}/__oauth/token`,
    });
    expect((await getJson(`${am.url}/.well-known/oauth-authorization-server/__ns/w1`)).body.issuer).toBe(ns);
    expect((await getJson(`${ns}/.well-known/oauth-authorization-server`)).body.issuer).toBe(ns);
    const jwks = (await getJson(`${ns}/__oauth/jwks`)).body;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('HEAD', () => {
  it('is answered as GET without a body, as readiness probes (wait-on) send it', async () => {
    for (const path of ['/.well-known/openid-configuration', '/__oauth/jwks', '/shop/health', '/__authmock/health']) {
      const res = await fetch(`${am.url}${path}`, { method: 'HEAD' });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('');
    }
    const post = await fetch(`${am.url}/__oauth/token`, { method: 'HEAD' });
    expect(post.status).toBe(405);
  });
});

describe('opaque access tokens (accessTokenFormat: opaque)', () => {
  beforeAll(() => settings('opaque', { autoApprove: true, accessTokenFormat: 'opaque' }));
  const nsToken = () => `${am.url}/__ns/opaque/__oauth/token`;
  const orders = (access: string) => getJson(`${am.url}/__ns/opaque/shop/orders`, access);
  const introspect = async (access: string) =>
    (await postForm(`${am.url}/__ns/opaque/__oauth/introspect`, { token: access }, { Authorization: basic('gateway', 'gateway-secret') }))
      .body.active;

  it('are revoked with their grant: a replayed code revokes what the first use bought', async () => {
    const code = (await authorize('opaque', codeRequest({ scope: 'read:orders' }))).location!.searchParams.get('code')!;
    const redeem = () =>
      postForm(nsToken(), {
        grant_type: 'authorization_code',
        code,
        client_id: 'web',
        redirect_uri: 'http://localhost:3000/callback',
        code_verifier: VERIFIER,
      });
    const first = await redeem();
    expect(first.body.access_token).toMatch(/^amk_/);
    expect((await orders(first.body.access_token)).status).toBe(200);
    expect((await redeem()).body.error_description).toMatch(/used already/);
    expect((await orders(first.body.access_token)).status).toBe(401);
    expect(await introspect(first.body.access_token)).toBe(false);
  });

  it('are revoked with their refresh family when a rotated refresh token comes back', async () => {
    const first = (
      await postForm(
        nsToken(),
        { grant_type: 'password', username: 'alice', password: 'alice-pass-1', scope: 'read:orders' },
        { Authorization: PORTAL },
      )
    ).body;
    const second = (
      await postForm(nsToken(), { grant_type: 'refresh_token', refresh_token: first.refresh_token }, { Authorization: PORTAL })
    ).body;
    for (const t of [first.access_token, second.access_token]) {
      expect(t).toMatch(/^amk_/);
      expect((await orders(t)).status).toBe(200);
    }
    const replay = await postForm(
      nsToken(),
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      { Authorization: PORTAL },
    );
    expect(replay.body.error).toBe('invalid_grant');
    for (const t of [first.access_token, second.access_token]) {
      expect((await orders(t)).status).toBe(401);
      expect(await introspect(t)).toBe(false);
    }
  });
});

describe('the token endpoint reads a form body, each parameter once (RFC 6749 §3.2)', () => {
  const post = (body: string, headers: Record<string, string>, url = `${am.url}/__ns/strict/__oauth/token`) =>
    fetch(url, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const secretForm = 'grant_type=password&client_id=portal&client_secret=portal-secret&username=alice&password=alice-pass-1';

  it('refuses a form sent as text/plain, and the journal shows it with its secrets masked', async () => {
    const res = await post(secretForm, { 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(res.body.error_description).toMatch(/x-www-form-urlencoded/);
    const journal = await (await fetch(`${am.url}/__ns/strict/__authmock/requests?limit=1`)).text();
    expect(journal).toContain('grant_type=password');
    expect(journal).not.toContain('portal-secret');
    expect(journal).not.toContain('alice-pass-1');
  });

  it('refuses parameters in the URL and parameters sent twice', async () => {
    const inUrl = await post('', {}, `${am.url}/__ns/strict/__oauth/token?${secretForm}`);
    expect(inUrl).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: BILLING };
    for (const twice of ['grant_type=client_credentials&grant_type=password', 'grant_type=client_credentials&scope=a&scope=b']) {
      const res = await post(twice, form);
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
      expect(res.body.error_description).toMatch(/more than once/);
    }
    expect((await post('grant_type=client_credentials', form)).status).toBe(200);
  });

  it('also reads a JSON object of strings, as some servers do', async () => {
    const res = await post(JSON.stringify({ grant_type: 'client_credentials' }), {
      'Content-Type': 'application/json',
      Authorization: BILLING,
    });
    expect(res.status).toBe(200);
  });
});

describe('the authorization endpoint takes each parameter once (RFC 6749 §3.1)', () => {
  beforeAll(() => settings('once', { autoApprove: true }));
  const twice = (name: string, a: string, b: string) => {
    const params = new URLSearchParams(codeRequest());
    params.set(name, a);
    params.append(name, b);
    return fetch(`${am.url}/__ns/once/__oauth/authorize?${params}`, { redirect: 'manual' });
  };

  it('shows an error page for a second client_id or redirect_uri, and redirects other repeats as invalid_request', async () => {
    const evil = await twice('redirect_uri', 'http://localhost:3000/callback', 'http://evil.example/');
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect(await evil.text()).toContain('redirect_uri is sent more than once');
    expect((await twice('client_id', 'web', 'portal')).status).toBe(400);
    const scope = await twice('scope', 'read:orders', 'openid');
    const back = new URL(scope.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/callback');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('an empty scope parameter', () => {
  it('asks for nothing, so the grant gets its default scopes (RFC 6749 §3.3)', async () => {
    const res = await postForm(token, { grant_type: 'client_credentials', scope: '' }, { Authorization: BILLING });
    expect(res.body.scope).toBe('read:orders');
  });
});
