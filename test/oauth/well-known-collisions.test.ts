import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { join } from 'node:path';
import { spec, startOAuthMock } from './support.js';

// A spec that declares the well-known path and its token path itself: its operations keep
// them, and the authorization server moves its issuer to a path that discovery follows.

let s: ServerProcess;
const insecure = { execute: [client.allowInsecureRequests] };
beforeAll(async () => {
  s = await startServer([spec('wellknown'), '--state', 'memory']);
});
afterAll(() => s?.stop());

const issuerPrinted = () => /oauth-server issuer (\S+)/.exec(s.output())?.[1];

describe('a spec that declares the authorization server paths', () => {
  it('answers its own well-known and token operations from the spec', async () => {
    const doc = await fetch(`${s.baseUrl}/.well-known/openid-configuration`);
    expect(doc.status).toBe(200);
    expect(await doc.json()).toEqual({ issuer: 'https://vendor.example', from: 'spec' });
    const token = await fetch(`${s.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toEqual({ legacy: true });
  });

  it('prints the issuer with a path, where openid-client discovers the server and gets a token the spec takes', async () => {
    expect(issuerPrinted()).toBe(`${s.baseUrl}/__oauth`);
    const config = await client.discovery(new URL(issuerPrinted()!), 'worker', 'worker-secret', undefined, insecure);
    expect(config.serverMetadata()).toMatchObject({ issuer: `${s.baseUrl}/__oauth`, token_endpoint: `${s.baseUrl}/__oauth/token` });
    const tokens = await client.clientCredentialsGrant(config, { scope: 'read:items' });
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${s.baseUrl}/items`), 'GET');
    expect(res.status).toBe(200);
    expect((await fetch(`${s.baseUrl}/items`)).status).toBe(401);
  });

  it("serves RFC 8414's path-inserted form for the issuer, under a namespace too", async () => {
    const root = await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/__oauth`);
    expect(((await root.json()) as { issuer: string }).issuer).toBe(`${s.baseUrl}/__oauth`);
    const ns = await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/__ns/w1/__oauth`);
    expect(((await ns.json()) as { issuer: string }).issuer).toBe(`${s.baseUrl}/__ns/w1/__oauth`);
    const oidc = await fetch(`${s.baseUrl}/__ns/w1/__oauth/.well-known/openid-configuration`);
    expect(((await oidc.json()) as { issuer: string }).issuer).toBe(`${s.baseUrl}/__ns/w1/__oauth`);
  });

  it("warns at start naming the spec's operation and the server's path", () => {
    const out = s.output();
    expect(out).toContain('GET /.well-known/openid-configuration (getWellKnownOpenIdConfiguration)');
    expect(out).toContain('POST /oauth/token (createLegacyToken)');
    expect(out).toMatch(/token endpoint \(wellknown's flow URL\)/);
  });
});

describe("a spec's own operation at its tokenUrl (Slack's GET oauth.access)", () => {
  it('answers from the spec, the server answering at its own token path', async () => {
    const am = await startOAuthMock([join(import.meta.dirname, '..', 'byo', 'specs', 'slacklike.openapi.yaml')]);
    try {
      const res = await fetch(`${am.url}/api/oauth.v2.access?code=x`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, from: 'spec' });
      const metadata = (await (await fetch(`${am.url}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      expect(metadata).toMatchObject({ issuer: am.url, token_endpoint: `${am.url}/__oauth/token` });
    } finally {
      await am.close();
    }
  });
});
