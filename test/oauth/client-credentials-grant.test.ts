import { describe, expect, it } from 'vitest';
import { basic, claimsOf, postForm } from './support.js';
import { am, BILLING, PORTAL, token, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

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

describe('an empty scope parameter', () => {
  it('asks for nothing, so the grant gets its default scopes (RFC 6749 §3.3)', async () => {
    const res = await postForm(token, { grant_type: 'client_credentials', scope: '' }, { Authorization: BILLING });
    expect(res.body.scope).toBe('read:orders');
  });
});
