import { describe, expect, it } from 'vitest';
import { basic, claimsOf, getJson, postForm } from './support.js';
import { am, BILLING, token, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

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
