import { describe, expect, it } from 'vitest';
import { basic, claimsOf, postForm } from './support.js';
import { am, useOAuthServer } from './grant-fixtures.js';

useOAuthServer();

describe('a client changed through the control API', () => {
  // clients are kept converted while their stored record holds: a change or a removal must show at once
  it("issues the next token with the client's new scopes, and refuses it once removed", async () => {
    const ns = 'client-change';
    const add = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: 'reports',
        clientSecret: 'reports-secret',
        scopes: ['read:orders'],
        grantTypes: ['client_credentials'],
      }),
    });
    expect(add.status).toBe(201);
    const REPORTS = basic('reports', 'reports-secret');
    const issue = () => postForm(`${am.url}/__ns/${ns}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: REPORTS });
    for (let i = 0; i < 2; i++) expect(claimsOf((await issue()).body.access_token).scope).toBe('read:orders');
    const patch = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients/reports`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['read:orders', 'write:orders'] }),
    });
    expect(patch.status).toBe(200);
    expect(claimsOf((await issue()).body.access_token).scope).toBe('read:orders write:orders');
    const removed = await fetch(`${am.url}/__ns/${ns}/__authmock/identities/shop/clients/reports`, {
      method: 'DELETE',
      headers: { 'X-Authmock-Client': 'test' },
    });
    expect(removed.status).toBe(204);
    const refused = await issue();
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
  });
});
