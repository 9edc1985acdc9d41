import { describe, expect, it } from 'vitest';
import { claimsOf, postForm } from './support.js';
import { am, PORTAL, token, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

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
