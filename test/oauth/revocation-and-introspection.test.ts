import { describe, expect, it } from 'vitest';
import { basic, getJson, postForm } from './support.js';
import { am, BILLING, PORTAL, token, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

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
