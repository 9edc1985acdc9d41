import { beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, getJson, postForm } from './support.js';
import { am, authorize, codeRequest, PORTAL, settings, useOAuthServer, VERIFIER } from './grant-fixtures.js';

useOAuthServer();

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
