import { createHmac, generateKeyPairSync } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, claimsOf, getJson, headerOf, postForm, startOAuthMock } from './support.js';

// The mocked operations as a resource server: they verify the authorization server's JWTs (RFC 9068 §4) and refuse hostile ones.

let am: Authmock;
beforeAll(async () => {
  am = await startOAuthMock(['shop']);
});
afterAll(() => am?.close());

const json = (method: string, url: string, body?: unknown) =>
  fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

async function mint(body: Record<string, unknown>, ns = 'default'): Promise<{ token: string; id: string }> {
  const res = await json('POST', `${am.url}/__ns/${ns}/__authmock/tokens`, { api: 'shop', ...body });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; id: string };
}

async function orders(token: string, ns = 'default') {
  return getJson(`${am.url}/__ns/${ns}/shop/orders`, token);
}

function expectInvalid(res: Awaited<ReturnType<typeof orders>>, description?: RegExp) {
  expect(res.status).toBe(401);
  const challenge = res.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer realm="shop", error="invalid_token"/);
  if (description) expect(challenge).toMatch(description);
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('a JWT access token', () => {
  it('minted through the control API is the one a client would get, and opens the operation its scopes allow', async () => {
    const { token, id } = await mint({ user: 'alice', scopes: ['read:orders'], claims: { tenant: 'acme' }, expiresIn: 120 });
    expect(headerOf(token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const claims = claimsOf(token);
    expect(claims).toMatchObject({
      iss: `${am.url}/__ns/default`,
      aud: 'shop',
      sub: 'alice',
      scope: 'read:orders',
      tenant: 'acme',
      jti: id,
    });
    expect(claims.exp - claims.iat).toBe(120);
    expect((await orders(token)).status).toBe(200);
    const write = await fetch(`${am.url}/__ns/default/shop/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 3, item: 'cup' }),
    });
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toBe(
      'Bearer realm="shop", error="insufficient_scope", error_description="the token lacks write:orders", scope="write:orders"',
    );
  });

  it('is refused once revoked through the control API', async () => {
    const { token, id } = await mint({ clientId: 'billing' });
    expect((await orders(token)).status).toBe(200);
    expect((await json('DELETE', `${am.url}/__authmock/tokens/shop/${id}`)).status).toBe(204);
    expectInvalid(await orders(token), /revoked/);
  });

  it.each([
    ['expired', /expired/],
    ['issuer', /not issued by this server \(iss\)/],
    ['audience', /not meant for this API \(aud\)/],
    ['signature', /signature is not valid/],
  ])('tampered (%s) is refused with invalid_token', async (tamper, description) => {
    const { token } = await mint({ clientId: 'billing', tamper });
    expectInvalid(await orders(token), description);
  });

  it('of another namespace is refused', async () => {
    const { token } = await mint({ clientId: 'billing' }, 'tenant-a');
    expect((await orders(token, 'tenant-a')).status).toBe(200);
    expectInvalid(await orders(token, 'tenant-b'));
  });

  it('with a future nbf is refused until then, on the namespace clock', async () => {
    const nbf = Math.floor(Date.now() / 1000) + 600;
    const { token } = await mint({ clientId: 'billing', claims: { nbf } }, 'later');
    expectInvalid(await orders(token, 'later'), /not valid yet/);
    await json('POST', `${am.url}/__ns/later/__authmock/clock`, { advanceSeconds: 601 });
    expect((await orders(token, 'later')).status).toBe(200);
  });
});

describe('a hostile token is refused with invalid_token', () => {
  let genuine: string;
  let kid: string;
  beforeAll(async () => {
    genuine = (await mint({ clientId: 'billing' })).token;
    kid = headerOf(genuine).kid;
  });
  const payload = () => claimsOf(genuine);

  it('alg none, or a stripped signature', async () => {
    expectInvalid(await orders(`${b64({ alg: 'none', typ: 'at+jwt', kid })}.${b64(payload())}.`));
    expectInvalid(await orders(`${genuine.slice(0, genuine.lastIndexOf('.'))}.`));
  });

  it('HS256 signed with the public key (algorithm confusion)', async () => {
    const jwks = (await getJson(`${am.url}/__oauth/jwks`)).body;
    const pem = await import('node:crypto').then(({ createPublicKey }) =>
      createPublicKey({ key: jwks.keys[0], format: 'jwk' }).export({ type: 'spki', format: 'pem' }),
    );
    const head = `${b64({ alg: 'HS256', typ: 'at+jwt', kid })}.${b64(payload())}`;
    const signature = createHmac('sha256', pem).update(head).digest('base64url');
    expectInvalid(await orders(`${head}.${signature}`), /algorithm/);
  });

  it('a kid that names no key, or carries a path', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const badKid of ['nope', '../../../../etc/passwd']) {
      const token = await new SignJWT(payload()).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: badKid }).sign(privateKey);
      expectInvalid(await orders(token));
    }
  });

  it('jku, x5u or an embedded jwk pointing elsewhere, never fetched', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    for (const extra of [{ jku: 'http://127.0.0.1:9/jwks.json' }, { x5u: 'http://127.0.0.1:9/cert.pem' }, { jwk }]) {
      const token = await new SignJWT(payload()).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid, ...extra }).sign(privateKey);
      expectInvalid(await orders(token), /keys are never taken from a token/);
    }
  });

  it('an unknown critical header parameter', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = await new SignJWT(payload())
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid, crit: ['urn:example:must-know'], 'urn:example:must-know': true } as never)
      .sign(privateKey)
      .catch(
        () => `${b64({ alg: 'RS256', typ: 'at+jwt', kid, crit: ['urn:example:must-know'] })}.${b64(payload())}.${genuine.split('.')[2]}`,
      );
    expectInvalid(await orders(token), /critical/);
  });

  it('an altered payload, a wrong typ, garbage and a 100 KB token', async () => {
    const [h, , s] = genuine.split('.');
    expectInvalid(await orders(`${h}.${b64({ ...payload(), scope: 'read:orders write:orders' })}.${s}`), /signature/);
    expectInvalid(await orders(`${b64({ ...headerOf(genuine), typ: 'JWT' })}.${genuine.split('.')[1]}.${s}`));
    expectInvalid(await orders('eyJ.garbage.x'));
    expectInvalid(await orders(`${h}.${'A'.repeat(100 * 1024)}.${s}`));
  });
});

describe('the signing keys', () => {
  it('rotate: the old key stays in the JWKS, its tokens working, until its last token expires', async () => {
    const ns = `${am.url}/__ns/rotation`;
    const old = (await mint({ clientId: 'billing', expiresIn: 600 }, 'rotation')).token;
    const rotated = await json('POST', `${ns}/__authmock/keys/rotate`);
    expect(rotated.status).toBe(201);
    const { kid } = (await rotated.json()) as { kid: string };
    expect(kid).not.toBe(headerOf(old).kid);
    const fresh = (
      await postForm(`${ns}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: basic('billing', 'billing-secret') })
    ).body.access_token;
    expect(headerOf(fresh).kid).toBe(kid);
    const kids = async () => ((await getJson(`${ns}/__oauth/jwks`)).body.keys as { kid: string }[]).map((k) => k.kid).sort();
    expect(await kids()).toEqual([headerOf(old).kid, kid].sort());
    expect((await orders(old, 'rotation')).status).toBe(200);
    const listed = (await getJson(`${ns}/__authmock/keys`)).body as { kid: string; state: string }[];
    expect(listed.map((k) => [k.kid, k.state])).toEqual([
      [headerOf(old).kid, 'retired'],
      [kid, 'active'],
    ]);
    await json('POST', `${ns}/__authmock/clock`, { advanceSeconds: 601 });
    expect(await kids()).toEqual([kid]);
    expect(((await getJson(`${ns}/__authmock/keys`)).body as { state: string }[]).map((k) => k.state)).toEqual(['expired', 'active']);
  });

  it('sign with ES256 on request', async () => {
    const ns = `${am.url}/__ns/ec`;
    expect((await json('PUT', `${ns}/__authmock/settings`, { oauth: { signingAlg: 'ES256' } })).status).toBe(200);
    const res = await postForm(
      `${ns}/__oauth/token`,
      { grant_type: 'client_credentials' },
      { Authorization: basic('billing', 'billing-secret') },
    );
    expect(headerOf(res.body.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect((await getJson(`${ns}/shop/orders`, res.body.access_token)).status).toBe(200);
    expect((await getJson(`${ns}/__oauth/jwks`)).body.keys.map((k: { kty: string }) => k.kty)).toContain('EC');
  });
});

describe('opaque access tokens, on request', () => {
  it('are the spec’s own amk_ tokens, introspected and revoked like the others', async () => {
    const ns = `${am.url}/__ns/opaque`;
    await json('PUT', `${ns}/__authmock/settings`, { oauth: { accessTokenFormat: 'opaque' } });
    const access = (
      await postForm(`${ns}/__oauth/token`, { grant_type: 'client_credentials' }, { Authorization: basic('billing', 'billing-secret') })
    ).body.access_token;
    expect(access).toMatch(/^amk_/);
    expect((await getJson(`${ns}/shop/orders`, access)).status).toBe(200);
    const gateway = { Authorization: basic('gateway', 'gateway-secret') };
    expect((await postForm(`${ns}/__oauth/introspect`, { token: access }, gateway)).body).toMatchObject({
      active: true,
      client_id: 'billing',
      scope: 'read:orders',
    });
    expect((await postForm(`${ns}/__oauth/revoke`, { token: access }, { Authorization: basic('billing', 'billing-secret') })).status).toBe(
      200,
    );
    expect((await getJson(`${ns}/shop/orders`, access)).status).toBe(401);
    const minted = await mint({ user: 'alice' }, 'opaque');
    expect(minted.token).toMatch(/^amk_/);
  });
});

describe('sub', () => {
  it('is always the user the token is for: a sub among minted claims does not make it another user', async () => {
    const { token } = await mint({ user: 'alice', scopes: ['read:orders'], claims: { sub: 'bob', tenant: 'acme' } });
    expect(claimsOf(token)).toMatchObject({ sub: 'alice', tenant: 'acme' });
    expect((await orders(token)).status).toBe(200);
  });
});
