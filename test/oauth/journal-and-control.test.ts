import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, claimsOf, getJson, petstoreCopy, postForm, startOAuthMock } from './support.js';

let am: Authmock;
beforeAll(async () => {
  am = await startOAuthMock(['shop', petstoreCopy()]);
});
afterAll(() => am?.close());

const CONTROL = { 'X-Authmock-Client': 'test' };

const put = (url: string, body: unknown) =>
  fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the journal', () => {
  it('records each grant with its client and outcome, every secret masked', async () => {
    const ns = `${am.url}/__ns/journal`;
    await postForm(
      `${ns}/__oauth/token`,
      { grant_type: 'password', username: 'alice', password: 'alice-pass-1' },
      { Authorization: basic('portal', 'portal-secret') },
    );
    await postForm(`${ns}/__oauth/token`, { grant_type: 'client_credentials', client_id: 'billing', client_secret: 'wrong-secret' });
    const verifier = 'q'.repeat(50);
    await postForm(`${ns}/__oauth/token`, {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      client_id: 'web',
      code_verifier: verifier,
    });
    const entries = (await getJson(`${ns}/__authmock/requests?operationId=token`)).body as any[];
    expect(entries).toHaveLength(3);
    const [code, refused, issued] = entries;
    expect(issued).toMatchObject({
      api: 'oauth-server',
      operationId: 'token',
      status: 200,
      principal: { kind: 'user', userType: 'client', id: 'portal' },
    });
    expect(issued.auth).toMatchObject({ outcome: 'ok', scheme: 'client_secret_basic' });
    expect(issued.auth.detail).toMatch(/^client portal of shop: password: issued \[read:orders write:orders\] with a refresh token$/);
    expect(refused).toMatchObject({ status: 401, auth: { outcome: 'invalid' } });
    expect(refused.auth.detail).toMatch(/client_credentials: refused, invalid_client/);
    expect(code).toMatchObject({ status: 400, auth: { outcome: 'ok' } });
    expect(code.auth.detail).toMatch(/authorization_code: refused, invalid_grant \(the code is unknown\)/);
    const all = JSON.stringify(entries);
    for (const secret of ['alice-pass-1', 'portal-secret', 'wrong-secret', verifier, 'not-a-code']) expect(all).not.toContain(secret);
    expect(issued.response.body).toContain('"refresh_token":"amr_');
    expect(issued.response.body).not.toMatch(/"refresh_token":"amr_[A-Za-z0-9_-]{20}/);
  });

  it('says a revoked JWT was revoked, and why a forged one was refused', async () => {
    const ns = `${am.url}/__ns/journal-revoked`;
    const { access_token: token } = (
      await postForm(`${ns}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: basic('billing', 'billing-secret') })
    ).body;
    expect((await getJson(`${ns}/shop/orders`, token)).status).toBe(200);
    await postForm(`${ns}/__oauth/revoke`, { token }, { Authorization: basic('billing', 'billing-secret') });
    expect((await getJson(`${ns}/shop/orders`, token)).status).toBe(401);
    const [entry] = (await getJson(`${ns}/__authmock/requests?operationId=listOrders&status=401`)).body as any[];
    expect(entry.auth).toMatchObject({ outcome: 'revoked', detail: 'the token was revoked' });
  });

  it('masks the code and tokens a redirect carries', async () => {
    const ns = `${am.url}/__ns/journal-redirect`;
    await put(`${ns}/__authmock/settings`, { oauth: { autoApprove: true } });
    const challenge = createHash('sha256').update('c'.repeat(43)).digest('base64url');
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'web',
      redirect_uri: 'http://localhost:3000/callback',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'visible',
    });
    const res = await fetch(`${ns}/__oauth/authorize?${params}`, { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const [entry] = (await getJson(`${ns}/__authmock/requests?operationId=authorize`)).body as any[];
    expect(entry.response.httpHeaders.location ?? entry.response.httpHeaders.Location).toContain('state=visible');
    expect(JSON.stringify(entry)).not.toContain(code);
  });
});

describe('the control API', () => {
  it('reads and changes the oauth settings, null going back to the default', async () => {
    const url = `${am.url}/__ns/settings/__authmock/settings`;
    expect(((await getJson(url)).body as any).oauth).toEqual({
      autoApprove: false,
      signingAlg: 'RS256',
      accessTokenFormat: 'jwt',
      allowPlainPkce: false,
    });
    const changed = await put(url, { oauth: { autoApprove: true, loginUser: 'bob', signingAlg: 'ES256' } });
    expect(((await changed.json()) as any).oauth).toEqual({
      autoApprove: true,
      loginUser: 'bob',
      signingAlg: 'ES256',
      accessTokenFormat: 'jwt',
      allowPlainPkce: false,
    });
    const back = await put(url, { oauth: { signingAlg: null, loginUser: null } });
    expect(((await back.json()) as any).oauth).toEqual({
      autoApprove: true,
      signingAlg: 'RS256',
      accessTokenFormat: 'jwt',
      allowPlainPkce: false,
    });
    expect((await put(url, { oauth: { signingAlg: 'HS256' } })).status).toBe(400);
  });

  it('signs in the namespace’s loginUser when no login_hint names one', async () => {
    const ns = `${am.url}/__ns/login-user`;
    await put(`${ns}/__authmock/settings`, { oauth: { autoApprove: true, loginUser: 'bob' } });
    const params = new URLSearchParams({ response_type: 'code', client_id: 'portal', redirect_uri: 'http://localhost:4000/cb' });
    const code = new URL(
      (await fetch(`${ns}/__oauth/authorize?${params}`, { redirect: 'manual' })).headers.get('location')!,
    ).searchParams.get('code')!;
    const tokens = await postForm(
      `${ns}/__oauth/token`,
      { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:4000/cb' },
      { Authorization: basic('portal', 'portal-secret') },
    );
    expect(claimsOf(tokens.body.access_token).sub).toBe('bob');
    const hinted = new URLSearchParams({ ...Object.fromEntries(params), login_hint: 'nobody', state: 's' });
    const refused = new URL((await fetch(`${ns}/__oauth/authorize?${hinted}`, { redirect: 'manual' })).headers.get('location')!);
    expect(refused.searchParams.get('error')).toBe('login_required');
  });

  it('lists the JWTs the server signed and the control API minted, by jti, with subject, client and scopes; a revoked one says so', async () => {
    const ns = `${am.url}/__ns/listed-jwts`;
    const issued = (
      await postForm(
        `${ns}/__oauth/token`,
        { grant_type: 'password', username: 'alice', password: 'alice-pass-1', scope: 'read:orders' },
        { Authorization: basic('portal', 'portal-secret') },
      )
    ).body.access_token as string;
    const minted = (await (
      await fetch(`${ns}/__authmock/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ api: 'shop', clientId: 'billing' }),
      })
    ).json()) as { token: string; id: string };
    // by subject: two tokens signed in the same millisecond may be listed in either order
    const bySubject = (all: any[]) => all.sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const listed = bySubject((await getJson(`${ns}/__authmock/tokens?api=shop`)).body as any[]);
    expect(listed).toEqual([
      {
        id: claimsOf(issued).jti,
        api: 'shop',
        userType: 'user',
        userId: 'alice',
        clientApp: 'portal',
        scopes: ['read:orders'],
        issuedAt: expect.any(String),
        expiresAt: new Date(claimsOf(issued).exp * 1000).toISOString(),
        expired: false,
        format: 'jwt',
        revoked: false,
      },
      expect.objectContaining({ id: minted.id, userType: 'client', userId: 'billing', clientApp: 'billing', format: 'jwt' }),
    ]);
    expect(minted.id).toBe(claimsOf(minted.token).jti);
    expect(((await getJson(`${ns}/__authmock/tokens?userId=billing`)).body as any[]).map((t) => t.id)).toEqual([minted.id]);
    expect(JSON.stringify(listed)).not.toContain(issued.split('.')[2]);

    expect((await fetch(`${ns}/__authmock/tokens/shop/${listed[0].id}`, { method: 'DELETE', headers: CONTROL })).status).toBe(204);
    expect((await getJson(`${ns}/shop/orders`, issued)).status).toBe(401);
    const after = bySubject((await getJson(`${ns}/__authmock/tokens?api=shop`)).body as any[]);
    expect(after.map((t) => [t.id, t.revoked])).toEqual([
      [listed[0].id, true],
      [minted.id, false],
    ]);
    // another namespace signed none of them
    expect((await getJson(`${am.url}/__ns/listed-elsewhere/__authmock/tokens?api=shop`)).body).toEqual([]);
  });

  it('refuses to tamper with an opaque token, and names an unknown client', async () => {
    const post = (body: unknown) =>
      fetch(`${am.url}/__authmock/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ api: 'shop', clientId: 'nobody' })).status).toBe(404);
    expect((await post({ api: 'shop', user: 'bob', scopes: ['write:orders'] })).status).toBe(400);
    await put(`${am.url}/__ns/opaque/__authmock/settings`, { oauth: { accessTokenFormat: 'opaque' } });
    const opaque = await fetch(`${am.url}/__ns/opaque/__authmock/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api: 'shop', clientId: 'billing', tamper: 'expired' }),
    });
    expect(opaque.status).toBe(400);
  });
});

describe("Petstore's implicit flow", () => {
  it('answers response_type=token at the spec’s authorizationUrl with the token in the fragment', async () => {
    const ns = `${am.url}/__ns/petstore`;
    await put(`${ns}/__authmock/settings`, { oauth: { autoApprove: true } });
    const params = new URLSearchParams({
      response_type: 'token',
      client_id: 'demo-client',
      redirect_uri: 'http://localhost:3000/callback',
      scope: 'write:pets read:pets',
      state: 'p',
    });
    const res = await fetch(`${ns}/oauth/authorize?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('state')).toBe('p');
    const token = fragment.get('access_token')!;
    expect(claimsOf(token)).toMatchObject({ aud: 'petstore', sub: 'demo', scope: 'write:pets read:pets' });
    expect((await getJson(`${ns}/v3/pet/findByStatus?status=available`, token)).status).toBe(200);
    // the shop declares no implicit flow: its clients cannot use it
    const shop = new URLSearchParams({ response_type: 'token', client_id: 'web', redirect_uri: 'http://localhost:3000/callback' });
    const refused = new URL((await fetch(`${ns}/__oauth/authorize?${shop}`, { redirect: 'manual' })).headers.get('location')!);
    // an implicit request's error goes in the fragment too (RFC 6749 §4.2.2.1)
    expect(new URLSearchParams(refused.hash.slice(1)).get('error')).toBe('unsupported_response_type');
  });
});
