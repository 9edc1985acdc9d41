import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../core/types.js';
import type { TokenRecord } from '../store/store.js';
import type { Credential } from './credentials.js';
import type { Directory } from './directory.js';
import type { IssuedFor, Verdict } from './verdict.js';
import { bearerTokenOf, fitScheme, provesScheme } from './verify-credential.js';
import {
  ann,
  bob,
  bearer,
  oauth2,
  oidc,
  key,
  tokenKey,
  basic,
  codec,
  record,
  RECORDS,
  JWT,
  directory,
  token,
  verify,
} from '../../test/auth/verify-credential-fixtures.js';

describe('a token proves the schemes it was issued for', () => {
  const SERVER: IssuedFor = 'authorization-server';
  const other: SecurityScheme = { name: 'otherBearer', type: 'http', scheme: 'bearer' };
  it.each<[string, IssuedFor | undefined, SecurityScheme, boolean, boolean]>([
    ['a token naming nothing: any scheme', undefined, bearer, true, true],
    ['a token naming nothing: oauth2 too', undefined, oauth2, true, true],
    ['a token naming nothing: an apiKey that carries tokens', undefined, tokenKey, true, true],
    ['issued for the bearer scheme: that scheme', { scheme: 'bearer' }, bearer, true, true],
    ['issued for the bearer scheme: not another bearer scheme', { scheme: 'bearer' }, other, false, false],
    ['issued for the bearer scheme: not oauth2', { scheme: 'bearer' }, oauth2, false, true],
    ['issued for the bearer scheme: not openIdConnect', { scheme: 'bearer' }, oidc, false, true],
    ["the server's: oauth2", SERVER, oauth2, true, true],
    ["the server's: openIdConnect", SERVER, oidc, true, true],
    ["the server's: not an http bearer where the spec has oauth2", SERVER, bearer, false, true],
    ["the server's: an http bearer where the spec has no oauth2 or openIdConnect", SERVER, bearer, true, false],
    ["the server's: not an apiKey token where the spec has oauth2", SERVER, tokenKey, false, true],
  ])('%s', (_title, issuedFor, scheme, expected, oauthSchemes) => {
    expect(provesScheme(issuedFor, scheme, oauthSchemes)).toBe(expected);
  });

  const RULED = new Map<number, TokenRecord>([
    [11, record(11, 'pat', { claims: { for: 'bearer' } })],
    [12, record(12, 'srv', { claims: { for: 'server' } })],
  ]);
  const ruled = (over: Partial<Directory> = {}) =>
    directory({
      oauthSchemes: true,
      tokens: {
        codec,
        find: async (id) => RULED.get(id) ?? RECORDS.get(id),
        principalOf: async (r) => ({ ...ann, tokenId: r.id }),
        issuedFor: (r) => (r.claims?.for === 'bearer' ? { scheme: 'bearer' } : r.claims?.for === 'server' ? SERVER : undefined),
      },
      ...over,
    });

  it.each<[string, SecurityScheme, string, Partial<Verdict>]>([
    ['a bearer-scheme token on the bearer scheme', bearer, 'amk-11-pat', { outcome: 'ok', issuedFor: { scheme: 'bearer' } }],
    [
      'a bearer-scheme token on oauth2: invalid',
      oauth2,
      'amk-11-pat',
      { outcome: 'invalid', tokenPrefix: 'amk-11', tokenId: 11, detail: 'the token was issued for scheme bearer, not for oauth2' },
    ],
    ["the server's opaque token on oauth2", oauth2, 'amk-12-srv', { outcome: 'ok', issuedFor: SERVER }],
    [
      "the server's opaque token on the bearer scheme: invalid",
      bearer,
      'amk-12-srv',
      { outcome: 'invalid', tokenId: 12, detail: 'the token was issued for the authorization server, not for bearer' },
    ],
    ['a token that names nothing: as before', oauth2, 'amk-1-good', { outcome: 'ok', tokenId: 1 }],
  ])('%s', async (_title, scheme, value, expected) => {
    const verdict = await verify(scheme, token(value), ruled());
    expect(verdict).toMatchObject(expected);
    if (verdict.outcome === 'ok' && !('issuedFor' in expected)) expect(verdict).not.toHaveProperty('issuedFor');
  });

  it("a JWT of the authorization server is the server's: oauth2 takes it, an http bearer beside oauth2 does not", async () => {
    const jwt = async (): Promise<Verdict> => ({ outcome: 'ok', principal: bob, tokenPrefix: 'eyJhbG' });
    expect(await verify(oauth2, token(JWT), ruled({ jwt }))).toEqual({
      outcome: 'ok',
      principal: bob,
      tokenPrefix: 'eyJhbG',
      issuedFor: SERVER,
    });
    expect(await verify(bearer, token(JWT), ruled({ jwt }))).toEqual({
      outcome: 'invalid',
      tokenPrefix: 'eyJhbG',
      tokenId: undefined,
      detail: 'the token was issued for the authorization server, not for bearer',
    });
    expect(await verify(bearer, token(JWT), ruled({ jwt, oauthSchemes: undefined }))).toMatchObject({ outcome: 'ok', issuedFor: SERVER });
  });

  it('a verdict other than ok stands as it is', () => {
    const expired: Verdict = { outcome: 'expired', tokenPrefix: 'amk-1-' };
    expect(fitScheme(bearer, expired, ruled())).toBe(expired);
  });

  it.each<[string, SecurityScheme, Credential, string | undefined]>([
    ['a bearer token on an http bearer scheme', bearer, token('t'), 't'],
    ['on oauth2', oauth2, token('t'), 't'],
    ['on openIdConnect', oidc, token('t'), 't'],
    ['a token in an apiKey is checked as that scheme', tokenKey, token('t'), undefined],
    ['a key', key, { kind: 'key', value: 't' }, undefined],
    ['a password', basic, { kind: 'password', username: 'a', password: 'b' }, undefined],
  ])('bearerTokenOf: %s', (_title, scheme, credential, expected) => {
    expect(bearerTokenOf(scheme, credential)).toBe(expected);
  });
});
