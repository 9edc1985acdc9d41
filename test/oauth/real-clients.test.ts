import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import * as client from 'openid-client';
import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { auth, requiredScopes } from 'express-oauth2-jwt-bearer';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { startOAuthMock } from './support.js';

// Real clients and resource-server libraries, unmodified, against authmock's authorization server and mocked operations.

let am: Authmock;
const insecure = { execute: [client.allowInsecureRequests] };
beforeAll(async () => {
  am = await startOAuthMock(['shop', 'profile']);
  await fetch(`${am.url}/__ns/browserless/__authmock/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth: { autoApprove: true } }),
  });
});
afterAll(() => am?.close());

/** The authorization endpoint followed as a browser would, with autoApprove on: the redirect back. */
async function followAuthorization(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('openid-client 6', () => {
  it('discovers the issuer, gets a client-credentials token and reads the operation with it', async () => {
    const config = await client.discovery(new URL(am.url), 'billing', 'billing-secret', undefined, insecure);
    expect(config.serverMetadata().issuer).toBe(am.url);
    const tokens = await client.clientCredentialsGrant(config, { scope: 'read:orders' });
    expect(tokens.token_type).toBe('bearer');
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${am.url}/shop/orders`), 'GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1, item: 'teapot' }]);
  });

  it('runs the authorization code flow with PKCE for a public client, refreshes, reads userinfo, introspects and revokes', async () => {
    const issuer = new URL(`${am.url}/__ns/browserless`);
    const web = await client.discovery(issuer, 'web', undefined, client.None(), insecure);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(web, {
      redirect_uri: 'http://localhost:3000/callback',
      scope: 'openid read:orders',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: 'alice',
    });
    const back = await followAuthorization(url);
    const tokens = await client.authorizationCodeGrant(web, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: 'alice', iss: issuer.href.replace(/\/$/, ''), aud: 'web', nonce });
    expect(tokens.refresh_token).toBeDefined();

    const userinfo = await client.fetchUserInfo(web, tokens.access_token, 'alice');
    expect(userinfo).toMatchObject({ sub: 'alice', email: 'alice@shop.example' });

    const refreshed = await client.refreshTokenGrant(web, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await expect(client.refreshTokenGrant(web, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

    const gateway = await client.discovery(issuer, 'gateway', 'gateway-secret', undefined, insecure);
    // the reuse above revoked the whole family, the refreshed access token with it
    expect(await client.tokenIntrospection(gateway, refreshed.access_token)).toEqual({ active: false });
    const fresh = await client.clientCredentialsGrant(await client.discovery(issuer, 'billing', 'billing-secret', undefined, insecure));
    expect(await client.tokenIntrospection(gateway, fresh.access_token)).toMatchObject({ active: true, client_id: 'billing' });
    await client.tokenRevocation(await client.discovery(issuer, 'billing', 'billing-secret', undefined, insecure), fresh.access_token);
    expect((await client.tokenIntrospection(gateway, fresh.access_token)).active).toBe(false);
  });

  it('discovers a namespaced issuer through RFC 8414 path insertion', async () => {
    const issuer = new URL(`${am.url}/__ns/w1`);
    const config = await client.discovery(issuer, 'billing', 'billing-secret', undefined, { ...insecure, algorithm: 'oauth2' });
    expect(config.serverMetadata().issuer).toBe(`${am.url}/__ns/w1`);
    const tokens = await client.clientCredentialsGrant(config);
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${am.url}/__ns/w1/shop/orders`), 'GET');
    expect(res.status).toBe(200);
  });

  it('parses the 401 invalid_token and 403 insufficient_scope challenges of the mocked operations', async () => {
    const config = await client.discovery(new URL(am.url), 'billing', 'billing-secret', undefined, insecure);
    const tokens = await client.clientCredentialsGrant(config);
    const forbidden = await client
      .fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(`${am.url}/shop/orders`),
        'POST',
        JSON.stringify({ id: 5, item: 'mug' }),
        new Headers({ 'Content-Type': 'application/json' }),
      )
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(forbidden).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = (forbidden as client.WWWAuthenticateChallengeError).cause[0];
    expect(challenge).toMatchObject({ scheme: 'bearer', parameters: { error: 'insufficient_scope', scope: 'write:orders' } });
    const unauthorized = await client
      .fetchProtectedResource(config, `${tokens.access_token}x`, new URL(`${am.url}/shop/orders`), 'GET')
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect((unauthorized as client.WWWAuthenticateChallengeError).cause[0].parameters).toMatchObject({
      error: 'invalid_token',
      realm: 'shop',
    });
  });

  it('signs a user in with the openIdConnect scheme’s issuer and reads the operation that needs openid', async () => {
    const config = await client.discovery(new URL(`${am.url}/__ns/browserless`), 'profile-app', 'profile-secret', undefined, insecure);
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: 'http://localhost:5000/cb', scope: 'openid profile:read', state });
    const tokens = await client.authorizationCodeGrant(config, await followAuthorization(url), { expectedState: state });
    expect(tokens.claims()?.sub).toBe('carol');
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${am.url}/__ns/browserless/api/me`), 'GET');
    expect(res.status).toBe(200);
  });
});

describe('resource-server libraries', () => {
  const metadata = async () => (await (await fetch(`${am.url}/.well-known/openid-configuration`)).json()) as oauth.AuthorizationServer;
  const ccToken = async (scope?: string) => {
    const config = await client.discovery(new URL(am.url), 'billing', 'billing-secret', undefined, insecure);
    return (await client.clientCredentialsGrant(config, scope ? { scope } : {})).access_token;
  };

  it("oauth4webapi's validateJwtAccessToken accepts the access token as RFC 9068 says", async () => {
    const as = await metadata();
    const request = new Request(`${am.url}/shop/orders`, { headers: { Authorization: `Bearer ${await ccToken()}` } });
    const claims = await oauth.validateJwtAccessToken(as, request, 'shop', { [oauth.allowInsecureRequests]: true });
    expect(claims).toMatchObject({ iss: am.url, aud: 'shop', client_id: 'billing', sub: 'billing', scope: 'read:orders' });
  });

  it("jose's jwtVerify with createRemoteJWKSet verifies it against the JWKS", async () => {
    const as = await metadata();
    const { payload, protectedHeader } = await jwtVerify(await ccToken(), createRemoteJWKSet(new URL(as.jwks_uri!)), {
      issuer: am.url,
      audience: 'shop',
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.client_id).toBe('billing');
  });

  it("express-oauth2-jwt-bearer's auth() and requiredScopes let in, refuse 401 and 403", async () => {
    const app = express();
    const guard = auth({ issuerBaseURL: am.url, audience: 'shop', tokenSigningAlg: 'RS256' });
    app.get('/read', guard, requiredScopes('read:orders'), (_req, res) => void res.json({ ok: true }));
    app.get('/write', guard, requiredScopes('write:orders'), (_req, res) => void res.json({ ok: true }));
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const token = await ccToken();
      const call = (path: string, t: string) => fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${t}` } });
      expect((await call('/read', token)).status).toBe(200);
      const write = await call('/write', token);
      expect(write.status).toBe(403);
      expect(write.headers.get('www-authenticate')).toContain('insufficient_scope');
      const bad = await call('/read', `${token.slice(0, -2)}xx`);
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    } finally {
      server.close();
    }
  });
});

describe('simple-oauth2 5', () => {
  it("gets a password-grant token at the spec's tokenUrl and refreshes it", async () => {
    const tokenPath = new URL('https://auth.shop.example/oauth/token').pathname;
    const owner = new ResourceOwnerPassword({ client: { id: 'portal', secret: 'portal-secret' }, auth: { tokenHost: am.url, tokenPath } });
    const token = await owner.getToken({ username: 'bob', password: 'bob-pass-1', scope: 'read:orders' });
    expect(token.token).toMatchObject({ token_type: 'Bearer', scope: 'read:orders' });
    const orders = await fetch(`${am.url}/shop/orders`, { headers: { Authorization: `Bearer ${token.token.access_token as string}` } });
    expect(orders.status).toBe(200);
    const refreshed = await token.refresh();
    expect(refreshed.token.refresh_token).not.toBe(token.token.refresh_token);
    await expect(owner.getToken({ username: 'bob', password: 'wrong' })).rejects.toMatchObject({
      data: { payload: { error: 'invalid_grant' } },
    });
  });
});
