import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, getJson, headerOf, postForm, startOAuthMock } from '../oauth/support.js';
import { SKIP_REDIS, startRedis, type RedisServer } from './support/redis-server.js';
import { CONTROL_CLIENT } from '../support/wire.js';

// Two authmock instances on one Redis are one authorization server: codes, refresh tokens, revocations and keys are shared.

/** A request to one instance as a load balancer in front of both would send it: with the Host clients use. */
function viaBalancer(
  instance: string,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const url = new URL(path, instance);
    const req = request(url, { method: init.method ?? 'GET', headers: { ...init.headers, Host: host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe.skipIf(SKIP_REDIS)('two instances on one Redis, as one authorization server', () => {
  let redis: RedisServer;
  let a: Authmock;
  let b: Authmock;
  const PORTAL = { Authorization: basic('portal', 'portal-secret') };
  beforeAll(async () => {
    redis = await startRedis();
    a = await startOAuthMock(['shop'], { state: redis.url });
    b = await startOAuthMock(['shop'], { state: redis.url });
    await fetch(`${a.url}/__authmock/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oauth: { autoApprove: true } }),
    });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.dispose();
  });

  it('publishes the same JWKS on both, and a token from one opens the operation on the other', async () => {
    const jwksA = (await getJson(`${a.url}/__oauth/jwks`)).body;
    const jwksB = (await getJson(`${b.url}/__oauth/jwks`)).body;
    expect(jwksB).toEqual(jwksA);
    const token = (
      await postForm(`${a.url}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: basic('billing', 'billing-secret') })
    ).body.access_token;
    expect(jwksA.keys.map((k: { kid: string }) => k.kid)).toContain(headerOf(token).kid);
    const host = new URL(a.url).host;
    expect((await viaBalancer(b.url, host, '/shop/orders', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const introspected = await viaBalancer(b.url, host, '/__oauth/introspect', {
      method: 'POST',
      headers: { Authorization: basic('gateway', 'gateway-secret'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(introspected.body).toMatchObject({ active: true, client_id: 'billing' });
    // reached at another address, B is another issuer: the token is not its own
    expect((await getJson(`${b.url}/shop/orders`, token)).status).toBe(401);
  });

  it('redeems on B a code A issued, once', async () => {
    const verifier = 'x'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      scope: 'read:orders',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const redirect = await fetch(`${a.url}/__oauth/authorize?${params}`, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_verifier: verifier,
    };
    expect((await postForm(`${b.url}/__oauth/token`, form)).status).toBe(200);
    expect((await postForm(`${a.url}/__oauth/token`, form)).body.error).toBe('invalid_grant');
  });

  it('refuses on B a refresh token A rotated, and revokes its family for both', async () => {
    const first = (
      await postForm(`${a.url}/__oauth/token`, { grant_type: 'password', username: 'alice', password: 'alice-pass-1' }, PORTAL)
    ).body;
    const second = (await postForm(`${a.url}/__oauth/token`, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, PORTAL))
      .body;
    expect(second.refresh_token).toBeDefined();
    const replay = await postForm(`${b.url}/__oauth/token`, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, PORTAL);
    expect(replay.body.error).toBe('invalid_grant');
    expect(
      (await postForm(`${a.url}/__oauth/token`, { grant_type: 'refresh_token', refresh_token: second.refresh_token }, PORTAL)).body.error,
    ).toBe('invalid_grant');
    expect((await getJson(`${a.url}/shop/orders`, second.access_token)).status).toBe(401);
  });

  it('rotates a key on A that B signs with at once', async () => {
    const rotated = await fetch(`${a.url}/__authmock/keys/rotate`, { method: 'POST', headers: CONTROL_CLIENT });
    const { kid } = (await rotated.json()) as { kid: string };
    const token = (
      await postForm(`${b.url}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: basic('billing', 'billing-secret') })
    ).body.access_token;
    expect(headerOf(token).kid).toBe(kid);
    expect((await getJson(`${b.url}/__authmock/keys`)).body.map((k: { state: string }) => k.state)).toEqual(['retired', 'active']);
  });
});
