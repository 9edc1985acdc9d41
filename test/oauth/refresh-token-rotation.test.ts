import { describe, expect, it } from 'vitest';
import { getJson, postForm } from './support.js';
import { am, PORTAL, token, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

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
