import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccessRecord, AuthorizationCode, RefreshToken, SigningKey, Store } from '../../src/store/store.js';
import { STORE_IMPLEMENTATIONS } from './implementations.js';
import { ACCESS_RECORDS_KEPT } from '../../src/store/oauth-store.js';

// The authorization servers' state (store.oauth), run against every Store implementation as the shared suite is.

const NOW = Date.UTC(2026, 0, 1);

const key = (kid: string, over: Partial<SigningKey> = {}): SigningKey => ({
  kid,
  alg: 'RS256',
  privateJwk: { kty: 'RSA', d: `private-${kid}` },
  publicJwk: { kty: 'RSA', n: `public-${kid}` },
  createdAt: NOW,
  state: 'active',
  longestLifetimeMs: 3_600_000,
  ...over,
});

const code = (over: Partial<AuthorizationCode> = {}): AuthorizationCode => ({
  api: 'shop',
  clientId: 'web',
  userId: 'alice',
  redirectUri: 'http://localhost:3000/cb',
  scopes: ['read'],
  codeChallenge: 'challenge',
  codeChallengeMethod: 'S256',
  nonce: 'n-1',
  authTime: NOW,
  expiresAt: NOW + 60_000,
  ...over,
});

const refresh = (family: string, n: number, over: Partial<RefreshToken> = {}): RefreshToken => ({
  api: 'shop',
  clientId: 'web',
  userType: 'user',
  userId: 'alice',
  scopes: ['read', 'write'],
  family,
  issuedAt: NOW,
  expiresAt: NOW + 86_400_000,
  authTime: NOW,
  claims: { tenant: 'acme' },
  accessJti: `${family}-access-${n}`,
  accessExpiresAt: NOW + 3_600_000 + n,
  ...over,
});

describe.each(STORE_IMPLEMENTATIONS)('the $name store keeps the authorization servers', (impl) => {
  let store: Store;
  beforeEach(async () => {
    store = await impl.open();
    for (const ns of ['default', 'other']) await store.namespaces.create({ ns, seed: [], seedHash: 's', now: NOW });
  });
  afterEach(async () => {
    await impl.close(store);
  });

  describe('signing keys', () => {
    it('makes the first key of an algorithm active and keeps it when another server offers one', async () => {
      expect(await store.oauth.addKey({ ns: 'default', key: key('k1'), rotate: false, now: NOW })).toEqual(key('k1'));
      expect(await store.oauth.addKey({ ns: 'default', key: key('k2'), rotate: false, now: NOW })).toEqual(key('k1'));
      expect(await store.oauth.getKey({ ns: 'default', kid: 'k2' })).toBeUndefined();
      expect(await store.oauth.listKeys('default')).toEqual([key('k1')]);
      expect(await store.oauth.activeKey({ ns: 'default', alg: 'RS256' })).toEqual(key('k1'));
      expect(await store.oauth.activeKey({ ns: 'default', alg: 'ES256' })).toBeUndefined();
      expect(await store.oauth.listKeys('other')).toEqual([]);
    });

    it('agrees on one active key when servers race to make it', async () => {
      const all = await Promise.all(
        ['a', 'b', 'c', 'd'].map((kid) => store.oauth.addKey({ ns: 'default', key: key(kid), rotate: false, now: NOW })),
      );
      expect(new Set(all.map((k) => k.kid)).size).toBe(1);
      expect(await store.oauth.listKeys('default')).toHaveLength(1);
    });

    it('rotates: the active key is retired at that time and keeps its longest lifetime', async () => {
      await store.oauth.addKey({ ns: 'default', key: key('k1'), rotate: false, now: NOW });
      await store.oauth.extendKey({ ns: 'default', kid: 'k1', lifetimeMs: 7_200_000 });
      await store.oauth.extendKey({ ns: 'default', kid: 'k1', lifetimeMs: 60_000 });
      const next = await store.oauth.addKey({ ns: 'default', key: key('k2', { createdAt: NOW + 5 }), rotate: true, now: NOW + 5 });
      expect(next).toEqual(key('k2', { createdAt: NOW + 5 }));
      expect(await store.oauth.getKey({ ns: 'default', kid: 'k1' })).toEqual(
        key('k1', { state: 'retired', retiredAt: NOW + 5, longestLifetimeMs: 7_200_000 }),
      );
      expect(await store.oauth.activeKey({ ns: 'default', alg: 'RS256' })).toEqual(next);
      expect((await store.oauth.listKeys('default')).map((k) => [k.kid, k.state])).toEqual([
        ['k1', 'retired'],
        ['k2', 'active'],
      ]);
    });

    it('keeps one active key per algorithm', async () => {
      await store.oauth.addKey({ ns: 'default', key: key('rsa'), rotate: false, now: NOW });
      const ec = key('ec', { alg: 'ES256', publicJwk: { kty: 'EC', crv: 'P-256' } });
      expect(await store.oauth.addKey({ ns: 'default', key: ec, rotate: false, now: NOW })).toEqual(ec);
      expect((await store.oauth.listKeys('default')).map((k) => k.state)).toEqual(['active', 'active']);
    });

    it('sweeps a retired key once its last token expired, never an active one', async () => {
      await store.oauth.addKey({ ns: 'default', key: key('k1'), rotate: false, now: NOW });
      await store.oauth.addKey({ ns: 'default', key: key('k2'), rotate: true, now: NOW + 1000 });
      expect(await store.sweep({ ns: 'default', now: NOW + 1000 + 3_599_999, limit: 100 })).toEqual({ tokens: 0, failures: 0 });
      expect(await store.sweep({ ns: 'default', now: NOW + 1000 + 3_600_000, limit: 100 })).toEqual({ tokens: 1, failures: 0 });
      expect((await store.oauth.listKeys('default')).map((k) => k.kid)).toEqual(['k2']);
      expect(await store.sweep({ now: NOW + 10 * 3_600_000, limit: 100 })).toEqual({ tokens: 0, failures: 0 });
    });
  });

  describe('authorization codes', () => {
    it('are taken once: a second take says the code was used', async () => {
      await store.oauth.saveCode({ ns: 'default', hash: 'h1', code: code() });
      expect(await store.oauth.takeCode({ ns: 'other', hash: 'h1', now: NOW })).toEqual({ outcome: 'unknown' });
      expect(await store.oauth.takeCode({ ns: 'default', hash: 'h1', now: NOW })).toEqual({ outcome: 'ok', code: code() });
      expect(await store.oauth.takeCode({ ns: 'default', hash: 'h1', now: NOW })).toEqual({ outcome: 'used', code: code() });
      expect(await store.oauth.takeCode({ ns: 'default', hash: 'nope', now: NOW })).toEqual({ outcome: 'unknown' });
    });

    it('are taken by exactly one of several redemptions at once', async () => {
      await store.oauth.saveCode({ ns: 'default', hash: 'h1', code: code() });
      const takes = await Promise.all(Array.from({ length: 6 }, () => store.oauth.takeCode({ ns: 'default', hash: 'h1', now: NOW })));
      expect(takes.filter((t) => t.outcome === 'ok')).toHaveLength(1);
      expect(takes.filter((t) => t.outcome === 'used')).toHaveLength(5);
    });

    it('expire on the clock given, and are swept after', async () => {
      await store.oauth.saveCode({ ns: 'default', hash: 'h1', code: code() });
      expect(await store.oauth.takeCode({ ns: 'default', hash: 'h1', now: NOW + 60_000 })).toEqual({ outcome: 'expired' });
      expect(await store.sweep({ ns: 'default', now: NOW + 60_000, limit: 100 })).toEqual({ tokens: 1, failures: 0 });
      expect(await store.oauth.takeCode({ ns: 'default', hash: 'h1', now: NOW })).toEqual({ outcome: 'unknown' });
    });
  });

  describe('refresh tokens', () => {
    const use = (hash: string, next: string, n: number, clientId = 'web', now = NOW) =>
      store.oauth.useRefresh({ ns: 'default', hash, clientId, now, next: { hash: next, token: refresh('f1', n) } });

    it('rotate: the used token is answered and stays as rotated, the next one is current', async () => {
      await store.oauth.saveRefresh({ ns: 'default', hash: 'r1', token: refresh('f1', 1) });
      expect(await use('r1', 'r2', 2)).toEqual({ outcome: 'rotated', previous: refresh('f1', 1) });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r1' })).toEqual({ token: refresh('f1', 1), state: 'rotated' });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r2' })).toEqual({ token: refresh('f1', 2), state: 'current' });
      expect(await store.oauth.findRefresh({ ns: 'other', hash: 'r2' })).toBeUndefined();
    });

    it('revoke the whole family, with the access tokens issued beside it, when a rotated one comes back', async () => {
      await store.oauth.saveRefresh({ ns: 'default', hash: 'r1', token: refresh('f1', 1) });
      await store.oauth.saveRefresh({ ns: 'default', hash: 'o1', token: refresh('f2', 1) });
      await use('r1', 'r2', 2);
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'f1-access-2' })).toBe(false);
      expect(await use('r1', 'r3', 3)).toEqual({ outcome: 'reused' });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r2' })).toMatchObject({ state: 'revoked' });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r3' })).toBeUndefined();
      expect(await use('r2', 'r4', 4)).toEqual({ outcome: 'revoked' });
      for (const jti of ['f1-access-1', 'f1-access-2']) expect(await store.oauth.isRevoked({ ns: 'default', jti })).toBe(true);
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'o1' })).toMatchObject({ state: 'current' });
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'f2-access-1' })).toBe(false);
    });

    it('are refused to another client, unknown or expired, changing nothing', async () => {
      await store.oauth.saveRefresh({ ns: 'default', hash: 'r1', token: refresh('f1', 1) });
      expect(await use('r1', 'r2', 2, 'mobile')).toEqual({ outcome: 'other-client' });
      expect(await use('nope', 'r2', 2)).toEqual({ outcome: 'unknown' });
      expect(await use('r1', 'r2', 2, 'web', NOW + 86_400_000)).toEqual({ outcome: 'expired' });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r1' })).toMatchObject({ state: 'current' });
    });

    it('rotate once when the same token is used twice at once', async () => {
      await store.oauth.saveRefresh({ ns: 'default', hash: 'r1', token: refresh('f1', 1) });
      const uses = await Promise.all([use('r1', 'a', 2), use('r1', 'b', 3), use('r1', 'c', 4)]);
      expect(uses.filter((u) => u.outcome === 'rotated')).toHaveLength(1);
      expect(uses.filter((u) => u.outcome === 'reused').length + uses.filter((u) => u.outcome === 'revoked').length).toBe(2);
    });

    it('revoke a family on request and sweep once expired', async () => {
      await store.oauth.saveRefresh({ ns: 'default', hash: 'r1', token: refresh('f1', 1) });
      await use('r1', 'r2', 2);
      expect(await store.oauth.revokeFamily({ ns: 'default', family: 'f1' })).toBe(2);
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r2' })).toMatchObject({ state: 'revoked' });
      expect(await store.oauth.revokeFamily({ ns: 'default', family: 'none' })).toBe(0);
      // both refresh tokens and both revoked access tokens go by the refresh tokens' expiry
      expect(await store.sweep({ ns: 'default', now: NOW + 86_400_000, limit: 100 })).toEqual({ tokens: 4, failures: 0 });
      expect(await store.oauth.findRefresh({ ns: 'default', hash: 'r2' })).toBeUndefined();
    });
  });

  describe('revoked access tokens', () => {
    it('are refused until they expire, per namespace', async () => {
      await store.oauth.revokeAccess({ ns: 'default', jti: 'j1', expiresAt: NOW + 1000 });
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'j1' })).toBe(true);
      expect(await store.oauth.isRevoked({ ns: 'other', jti: 'j1' })).toBe(false);
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'j2' })).toBe(false);
      expect(await store.sweep({ now: NOW + 999, limit: 100 })).toEqual({ tokens: 0, failures: 0 });
      expect(await store.sweep({ now: NOW + 1000, limit: 100 })).toEqual({ tokens: 1, failures: 0 });
      expect(await store.oauth.isRevoked({ ns: 'default', jti: 'j1' })).toBe(false);
    });
  });

  describe('signed access tokens', () => {
    const access = (jti: string, over: Partial<AccessRecord> = {}): AccessRecord => ({
      jti,
      api: 'shop',
      userType: 'client',
      userId: 'billing',
      clientId: 'billing',
      scopes: ['read'],
      issuedAt: NOW,
      expiresAt: NOW + 1000,
      ...over,
    });
    const listed = async (ns: string, api?: string) =>
      (await store.oauth.listAccess({ ns, api })).map((a) => `${a.jti}${a.revoked ? ' revoked' : ''}`);

    it('are listed oldest first per namespace and API, with whether each was revoked, until they expire', async () => {
      await store.oauth.recordAccess({ ns: 'default', access: access('j2', { issuedAt: NOW + 1, expiresAt: NOW + 2000 }) });
      await store.oauth.recordAccess({ ns: 'default', access: access('j1', { userType: 'user', userId: 'alice', clientId: 'web' }) });
      await store.oauth.recordAccess({ ns: 'default', access: access('j3', { api: 'music', issuedAt: NOW + 2 }) });
      await store.oauth.recordAccess({ ns: 'other', access: access('j9') });
      expect(await store.oauth.listAccess({ ns: 'default', api: 'shop' })).toEqual([
        { ...access('j1', { userType: 'user', userId: 'alice', clientId: 'web' }), revoked: false },
        { ...access('j2', { issuedAt: NOW + 1, expiresAt: NOW + 2000 }), revoked: false },
      ]);
      expect(await listed('default')).toEqual(['j1', 'j2', 'j3']);
      await store.oauth.revokeAccess({ ns: 'default', jti: 'j2', expiresAt: NOW + 2000 });
      expect(await listed('default', 'shop')).toEqual(['j1', 'j2 revoked']);
      expect(await listed('other')).toEqual(['j9']);
      await store.sweep({ now: NOW + 1000, limit: 100 });
      expect(await listed('default')).toEqual(['j2 revoked']);
      expect(await listed('other')).toEqual([]);
    });

    it(`keeps a namespace's latest ${ACCESS_RECORDS_KEPT}: a load test signing thousands does not grow the state without bound`, async () => {
      const extra = 150;
      for (let i = 0; i < ACCESS_RECORDS_KEPT + extra; i++)
        await store.oauth.recordAccess({ ns: 'default', access: access(`j${i}`, { issuedAt: NOW + i, expiresAt: NOW + 10_000 + i }) });
      await store.oauth.recordAccess({ ns: 'other', access: access('o1') });
      const kept = await listed('default');
      expect(kept).toHaveLength(ACCESS_RECORDS_KEPT);
      expect([kept[0], kept.at(-1)]).toEqual([`j${extra}`, `j${ACCESS_RECORDS_KEPT + extra - 1}`]);
      expect(await listed('other')).toEqual(['o1']);
    });
  });

  it('forgets a namespace’s keys, codes, refresh tokens and revocations on reset and delete', async () => {
    for (const ns of ['default', 'other']) {
      await store.oauth.addKey({ ns, key: key('k1'), rotate: false, now: NOW });
      await store.oauth.saveCode({ ns, hash: 'h1', code: code() });
      await store.oauth.saveRefresh({ ns, hash: 'r1', token: refresh('f1', 1) });
      await store.oauth.revokeAccess({ ns, jti: 'j1', expiresAt: NOW + 1000 });
      await store.oauth.recordAccess({
        ns,
        access: {
          jti: 'j1',
          api: 'shop',
          userType: 'user',
          userId: 'alice',
          clientId: 'web',
          scopes: [],
          issuedAt: NOW,
          expiresAt: NOW + 1000,
        },
      });
    }
    await store.namespaces.reset({ ns: 'default', seed: [], seedHash: 's', now: NOW });
    await store.namespaces.delete('other');
    for (const ns of ['default', 'other']) {
      expect(await store.oauth.listKeys(ns)).toEqual([]);
      expect(await store.oauth.getKey({ ns, kid: 'k1' })).toBeUndefined();
      expect(await store.oauth.takeCode({ ns, hash: 'h1', now: NOW })).toEqual({ outcome: 'unknown' });
      expect(await store.oauth.findRefresh({ ns, hash: 'r1' })).toBeUndefined();
      expect(await store.oauth.isRevoked({ ns, jti: 'j1' })).toBe(false);
      expect(await store.oauth.listAccess({ ns })).toEqual([]);
    }
  });

  it('forgets every namespace’s OAuth state on a store reset', async () => {
    await store.oauth.addKey({ ns: 'default', key: key('k1'), rotate: false, now: NOW });
    await store.oauth.revokeAccess({ ns: 'default', jti: 'j1', expiresAt: NOW + 1000 });
    await store.oauth.recordAccess({
      ns: 'default',
      access: {
        jti: 'j1',
        api: 'shop',
        userType: 'client',
        userId: 'billing',
        clientId: 'billing',
        scopes: [],
        issuedAt: NOW,
        expiresAt: NOW + 1000,
      },
    });
    await store.reset();
    await store.namespaces.create({ ns: 'default', seed: [], seedHash: 's', now: NOW });
    expect(await store.oauth.listKeys('default')).toEqual([]);
    expect(await store.oauth.isRevoked({ ns: 'default', jti: 'j1' })).toBe(false);
    expect(await store.oauth.listAccess({ ns: 'default' })).toEqual([]);
  });
});
