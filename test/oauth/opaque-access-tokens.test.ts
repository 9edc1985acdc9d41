import { beforeAll, describe, expect, it } from 'vitest';
import { basic, getJson, postForm } from './support.js';
import { am, authorize, codeRequest, PORTAL, settings, useOAuthServer, VERIFIER } from './grant-fixtures.js';

useOAuthServer();

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
