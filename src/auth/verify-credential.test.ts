import { describe, expect, it, vi } from 'vitest';
import type { SecurityScheme } from '../core/types.js';
import type { TokenRecord } from '../store/store.js';
import type { Credential } from './credentials.js';
import type { Directory } from './directory.js';
import { hashToken } from './secrets.js';
import type { TokenCodec } from './tokens.js';
import type { IssuedFor, UserPrincipal, Verdict } from './verdict.js';
import { bearerTokenOf, fitScheme, provesScheme, verifyCredential } from './verify-credential.js';

const user = (subject: string, scopes: string[] = []): UserPrincipal => ({
  kind: 'user',
  userType: 'user',
  userId: subject,
  subject,
  scopes: new Set(scopes),
  identity: {},
});
const ann = user('ann', ['tasks:read']);
const bob = user('bob');

const bearer: SecurityScheme = { name: 'bearer', type: 'http', scheme: 'bearer' };
const oauth2: SecurityScheme = { name: 'oauth2', type: 'oauth2', flows: {} };
const oidc: SecurityScheme = { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' };
const key: SecurityScheme = { name: 'apiKey', type: 'apiKey', in: 'header', param: 'X-Key' };
const tokenKey: SecurityScheme = { name: 'tokenKey', type: 'apiKey', in: 'header', param: 'X-Token', verifier: 'token' };
const basic: SecurityScheme = { name: 'basic', type: 'http', scheme: 'basic' };
const signedScheme: SecurityScheme = { name: 'oauth1', type: 'apiKey', in: 'header', param: 'Authorization', verifier: 'oauth1' };

/** `amk-<id>-<verifier>`; an older format `old-<id>-<verifier>` decodes to two candidates. */
const codec: TokenCodec = {
  shape: /^amk-/,
  maxId: 1000,
  newVerifier: () => 'v',
  encode: ({ id, verifier }) => `amk-${id}-${verifier}`,
  decode(token) {
    const m = /^amk-(\d+)-(\w+)$/.exec(token);
    if (m) return [{ id: Number(m[1]), verifier: m[2] }];
    const old = /^old-(\d+)-(\w+)$/.exec(token);
    return old
      ? [
          { id: Number(old[1]) + 100, verifier: old[2] },
          { id: Number(old[1]), verifier: old[2] },
        ]
      : [];
  },
};
const NOW = 1_000_000;
const record = (id: number, verifier: string, over: Partial<TokenRecord> = {}): TokenRecord => ({
  id,
  api: 'tasks',
  verifierHash: hashToken(verifier),
  userType: 'user',
  userId: 'ann',
  issuedAt: 0,
  expiresAt: null,
  ...over,
});
const RECORDS = new Map<number, TokenRecord>([
  [1, record(1, 'good')],
  [2, record(2, 'late', { expiresAt: NOW })],
  [3, record(3, 'later', { expiresAt: NOW + 1 })],
  [4, record(4, 'gone', { userId: 'gone' })],
  [5, record(5, 'old')],
]);
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2ln';

const directory = (over: Partial<Directory> = {}): Directory => ({
  now: () => NOW,
  tokens: {
    codec,
    find: async (id) => RECORDS.get(id),
    principalOf: async (r) => (r.userId === 'ann' ? { ...ann, tokenId: r.id } : undefined),
  },
  keyHolder: async (value, sentAs) =>
    value === 'k-ann' && sentAs === 'key' ? ann : value === 'static-bob' && sentAs === 'token' ? bob : undefined,
  passwordHolder: async (username, password) => (username !== 'ann' ? 'unknown' : password === 'pw' ? ann : 'wrong-password'),
  ...over,
});
const REQUEST = { method: 'GET', url: 'http://localhost/tasks' };
const token = (value: string): Credential => ({ kind: 'token', value });
const verify = (scheme: SecurityScheme, credential: Credential, dir = directory()) => verifyCredential(scheme, credential, dir, REQUEST);

describe('verifyCredential', () => {
  it.each<[string, SecurityScheme, Credential, Partial<Directory>, Verdict]>([
    ['a malformed credential', basic, { kind: 'malformed', detail: 'not base64' }, {}, { outcome: 'malformed', detail: 'not base64' }],
    // tokens this API issued
    [
      'an issued token',
      bearer,
      token('amk-1-good'),
      {},
      { outcome: 'ok', principal: { ...ann, tokenId: 1 }, tokenPrefix: 'amk-1-', tokenId: 1 },
    ],
    [
      'an issued token on oauth2',
      oauth2,
      token('amk-1-good'),
      {},
      { outcome: 'ok', principal: { ...ann, tokenId: 1 }, tokenPrefix: 'amk-1-', tokenId: 1 },
    ],
    [
      'an issued token on an apiKey that carries tokens',
      tokenKey,
      token('amk-1-good'),
      {},
      { outcome: 'ok', principal: { ...ann, tokenId: 1 }, tokenPrefix: 'amk-1-', tokenId: 1 },
    ],
    ['a wrong verifier', bearer, token('amk-1-bad'), {}, { outcome: 'unknown', tokenPrefix: 'amk-1-', tokenId: 1 }],
    ['an id with no record', bearer, token('amk-9-good'), {}, { outcome: 'unknown', tokenPrefix: 'amk-9-', tokenId: 9 }],
    ['a token of no format of this API', bearer, token('zzz'), {}, { outcome: 'malformed', tokenPrefix: 'zzz' }],
    [
      'an expired token (its end is now)',
      bearer,
      token('amk-2-late'),
      {},
      { outcome: 'expired', tokenPrefix: 'amk-2-', tokenId: 2, detail: `expired at ${new Date(NOW).toISOString()}` },
    ],
    [
      'a token that ends a moment later',
      bearer,
      token('amk-3-later'),
      {},
      { outcome: 'ok', principal: { ...ann, tokenId: 3 }, tokenPrefix: 'amk-3-', tokenId: 3 },
    ],
    ['a token whose identity is gone', bearer, token('amk-4-gone'), {}, { outcome: 'no-identity', tokenPrefix: 'amk-4-', tokenId: 4 }],
    [
      "an older format's second candidate",
      bearer,
      token('old-5-old'),
      {},
      { outcome: 'ok', principal: { ...ann, tokenId: 5 }, tokenPrefix: 'old-5-', tokenId: 5 },
    ],
    [
      "an older format that matches nothing: the first candidate's id",
      bearer,
      token('old-7-x'),
      {},
      { outcome: 'unknown', tokenPrefix: 'old-7-', tokenId: 107 },
    ],
    // a static key sent as a bearer (commerce's integration tokens)
    ['a static key sent as a bearer', bearer, token('static-bob'), {}, { outcome: 'ok', principal: bob, tokenPrefix: 'static' }],
    [
      'no token store: a static key',
      bearer,
      token('static-bob'),
      { tokens: undefined },
      { outcome: 'ok', principal: bob, tokenPrefix: 'static' },
    ],
    ['no token store and no key', bearer, token('nothing'), { tokens: undefined }, { outcome: 'unknown', tokenPrefix: 'nothin' }],
    [
      'no token store, no key holder',
      bearer,
      token('nothing'),
      { tokens: undefined, keyHolder: undefined },
      { outcome: 'unknown', tokenPrefix: 'nothin' },
    ],
    // API keys
    ['an API key', key, { kind: 'key', value: 'k-ann' }, {}, { outcome: 'ok', principal: ann, tokenPrefix: 'k-ann' }],
    [
      'an unknown API key',
      key,
      { kind: 'key', value: 'k-nobody' },
      {},
      { outcome: 'unknown', tokenPrefix: 'k-nobo', detail: 'no API key k-nobo… for apiKey' },
    ],
    [
      'an API key where no one holds keys',
      key,
      { kind: 'key', value: 'k-ann' },
      { keyHolder: undefined },
      { outcome: 'unknown', tokenPrefix: 'k-ann', detail: 'no API key k-ann… for apiKey' },
    ],
    // Basic
    ['a username and password', basic, { kind: 'password', username: 'ann', password: 'pw' }, {}, { outcome: 'ok', principal: ann }],
    [
      'a wrong password',
      basic,
      { kind: 'password', username: 'ann', password: 'no' },
      {},
      { outcome: 'invalid', detail: 'wrong password for ann' },
    ],
    ['an unknown user', basic, { kind: 'password', username: 'zed', password: 'pw' }, {}, { outcome: 'unknown', detail: 'no user zed' }],
    [
      'no password holder',
      basic,
      { kind: 'password', username: 'ann', password: 'pw' },
      { passwordHolder: undefined },
      { outcome: 'unknown', detail: 'no user ann' },
    ],
    // OAuth 1.0a
    [
      'a signed request where none is taken',
      signedScheme,
      { kind: 'signed', authorization: 'OAuth x' },
      {},
      { outcome: 'unknown', detail: 'this API takes no signed requests' },
    ],
  ])('%s', async (_title, scheme, credential, over, expected) => {
    expect(await verify(scheme, credential, directory(over))).toEqual(expected);
  });

  it.each<[string, string, Verdict['outcome']]>([
    ['ok', 'amk-1-good', 'ok'],
    ['expired', 'amk-2-late', 'expired'],
    ['no identity', 'amk-4-gone', 'no-identity'],
    ['unknown: the static key', 'amk-1-bad', 'ok'],
    ['malformed: the static key', 'zzz', 'ok'],
  ])('an issued token that is %s wins over a static key of the same value', async (_title, value, outcome) => {
    const anyKey = directory({ keyHolder: async (_v, sentAs) => (sentAs === 'token' ? bob : undefined) });
    const verdict = await verify(bearer, token(value), anyKey);
    expect(verdict.outcome).toBe(outcome);
    if (verdict.outcome === 'ok') expect(verdict.principal.subject).toBe(value.startsWith('amk-1-good') ? 'ann' : 'bob');
  });

  describe("the authorization server's JWTs", () => {
    const jwtOk: Verdict = { outcome: 'ok', principal: bob, tokenPrefix: 'eyJhbG' };
    it.each([bearer, oauth2, oidc])('go to the directory on %s', async (scheme) => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(scheme, token(JWT), directory({ jwt }))).toMatchObject({ outcome: 'ok', principal: bob });
      expect(jwt).toHaveBeenCalledWith(JWT, REQUEST.url);
    });
    it('not on an apiKey', async () => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(tokenKey, token(JWT), directory({ jwt }))).toMatchObject({ outcome: 'malformed' });
      expect(jwt).not.toHaveBeenCalled();
    });
    it('an opaque token never goes there', async () => {
      const jwt = vi.fn(async () => jwtOk);
      expect(await verify(oauth2, token('amk-1-good'), directory({ jwt }))).toMatchObject({ outcome: 'ok', tokenId: 1 });
      expect(jwt).not.toHaveBeenCalled();
    });
    it("a JWT where the API names no server is one of the API's formats or none", async () => {
      expect(await verify(oauth2, token(JWT), directory())).toMatchObject({ outcome: 'malformed' });
    });
    it("the directory's refusal is the verdict", async () => {
      const expired: Verdict = { outcome: 'expired', tokenPrefix: 'eyJhbG', detail: 'exp passed' };
      expect(await verify(oauth2, token(JWT), directory({ jwt: async () => expired }))).toEqual(expired);
    });
  });

  describe('signed requests (OAuth 1.0a)', () => {
    const oauth1 = (principalOf: (key: string) => UserPrincipal | undefined) => ({ deps: {} as never, options: {} as never, principalOf });
    const signed: Credential = { kind: 'signed', authorization: 'OAuth oauth_consumer_key="ck"' };
    const withVerdict = async (verdict: unknown, dir: Directory) => {
      const module = await import('./oauth1/index.js');
      const spy = vi.spyOn(module, 'verifyOauthRequest').mockResolvedValue(verdict as never);
      try {
        return {
          verdict: await verifyCredential(signedScheme, signed, dir, { ...REQUEST, contentType: 'text/plain' }),
          calls: spy.mock.calls,
        };
      } finally {
        spy.mockRestore();
      }
    };
    it('an accepted consumer is its caller', async () => {
      const { verdict, calls } = await withVerdict({ outcome: 'ok', consumerKey: 'ck' }, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'ok', principal: ann });
      expect(calls[0][0]).toEqual({
        method: 'GET',
        url: REQUEST.url,
        contentType: 'text/plain',
        body: undefined,
        authorization: signed.authorization,
      });
    });
    it('an inactive integration is no one', async () => {
      const { verdict } = await withVerdict({ outcome: 'ok', consumerKey: 'consumer' }, directory({ oauth1: oauth1(() => undefined) }));
      expect(verdict).toEqual({ outcome: 'no-identity', detail: 'integration of consumer consum… is not active' });
    });
    it('a header that is no OAuth 1.0a is absent', async () => {
      const { verdict } = await withVerdict({ outcome: 'not-oauth' }, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'absent' });
    });
    it("the signature check's refusal is the scheme's", async () => {
      const refusal = { outcome: 'refused', reason: 'bad signature' };
      const { verdict } = await withVerdict(refusal, directory({ oauth1: oauth1(() => ann) }));
      expect(verdict).toEqual({ outcome: 'refused', refusal });
    });
  });
});

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
