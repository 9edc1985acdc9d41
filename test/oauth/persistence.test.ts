import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { basic, getJson, postForm, startOAuthMock } from './support.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the authorization server on a SQLite state', () => {
  it('keeps its keys, refresh tokens and revocations across a restart', async () => {
    const state = mkdtempSync(join(tmpdir(), 'authmock-oauth-state-'));
    dirs.push(state);
    const PORTAL = { Authorization: basic('portal', 'portal-secret') };
    const BILLING = { Authorization: basic('billing', 'billing-secret') };

    let am = await startOAuthMock(['shop'], { state });
    const kids = (await getJson(`${am.url}/__oauth/jwks`)).body.keys.map((k: { kid: string }) => k.kid);
    const grant = (
      await postForm(`${am.url}/__oauth/token`, { grant_type: 'password', username: 'alice', password: 'alice-pass-1' }, PORTAL)
    ).body;
    const revoked = (await postForm(`${am.url}/__oauth/token`, { grant_type: 'client_credentials' }, BILLING)).body.access_token;
    expect((await postForm(`${am.url}/__oauth/revoke`, { token: revoked }, BILLING)).status).toBe(200);
    const port = am.port;
    await am.close();

    // the same port: the issuer the tokens carry is the same
    am = await startOAuthMock(['shop'], { state, port });
    // a pooled connection to the first process is closed: the first request may meet it
    await fetch(`${am.url}/shop/health`).catch(() => undefined);
    try {
      expect((await getJson(`${am.url}/__oauth/jwks`)).body.keys.map((k: { kid: string }) => k.kid)).toEqual(kids);
      expect((await getJson(`${am.url}/shop/orders`, grant.access_token)).status).toBe(200);
      expect((await getJson(`${am.url}/shop/orders`, revoked)).status).toBe(401);
      const refreshed = await postForm(
        `${am.url}/__oauth/token`,
        { grant_type: 'refresh_token', refresh_token: grant.refresh_token },
        PORTAL,
      );
      expect(refreshed.status).toBe(200);
    } finally {
      await am.close();
    }
  });
});
