import { describe, expect, it } from 'vitest';
import { getJson } from './support.js';
import { am, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

describe('discovery', () => {
  it('serves one issuer per namespace, in both well-known forms and at the openIdConnectUrl path', async () => {
    const root = (await getJson(`${am.url}/.well-known/openid-configuration`)).body;
    expect(root).toMatchObject({ issuer: am.url, token_endpoint: `${am.url}/__oauth/token`, jwks_uri: `${am.url}/__oauth/jwks` });
    expect((await getJson(`${am.url}/.well-known/oauth-authorization-server`)).body.issuer).toBe(am.url);
    const ns = `${am.url}/__ns/w1`;
    expect((await getJson(`${ns}/.well-known/openid-configuration`)).body).toMatchObject({
      issuer: ns,
      token_endpoint: `${ns}/__oauth/token`,
    });
    expect((await getJson(`${am.url}/.well-known/oauth-authorization-server/__ns/w1`)).body.issuer).toBe(ns);
    expect((await getJson(`${ns}/.well-known/oauth-authorization-server`)).body.issuer).toBe(ns);
    const jwks = (await getJson(`${ns}/__oauth/jwks`)).body;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('HEAD', () => {
  it('is answered as GET without a body, as readiness probes (wait-on) send it', async () => {
    for (const path of ['/.well-known/openid-configuration', '/__oauth/jwks', '/shop/health', '/__authmock/health']) {
      const res = await fetch(`${am.url}${path}`, { method: 'HEAD' });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('');
    }
    const post = await fetch(`${am.url}/__oauth/token`, { method: 'HEAD' });
    expect(post.status).toBe(405);
  });
});
