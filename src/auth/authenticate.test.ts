import { describe, expect, it, vi } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import type { Principal, SecurityRequirement, SecurityScheme } from '../core/types.js';
import { authenticate, evaluateSecurity, holdsScopes, type SecurityDecision } from './authenticate.js';
import type { Directory } from './directory.js';
import type { IssuedFor, UserPrincipal, Verdict } from './verdict.js';
import { hashToken } from './secrets.js';

const user = (subject: string, scopes: string[] | 'all' = []): UserPrincipal => ({
  kind: 'user',
  userType: 'user',
  userId: subject,
  subject,
  scopes: scopes === 'all' ? 'all' : new Set(scopes),
  identity: {},
});
const ok = (principal: UserPrincipal): Verdict => ({ outcome: 'ok', principal });
const ann = user('ann', ['tasks:read']);
const bob = user('bob', ['tasks:read', 'tasks:write']);
const root = user('root', 'all');
const GUEST: Principal = { kind: 'guest' };

/** `bearer`, `oauth2:tasks:read tasks:write` */
const req = (...entries: string[]): SecurityRequirement =>
  entries.map((e) => {
    const [scheme, scopes] = e.split('=');
    return { scheme, scopes: scopes ? scopes.split(' ') : [] };
  });
const verdicts = (entries: Record<string, Verdict> = {}) => new Map(Object.entries(entries));

describe('holdsScopes', () => {
  it.each<[string[] | 'all', string[], boolean]>([
    [[], [], true],
    [['a'], ['a'], true],
    [['a', 'b'], ['b'], true],
    [['a'], ['a', 'b'], false],
    [[], ['a'], false],
    ['all', ['a', 'b'], true],
  ])('%j holds %j: %s', (held, needed, expected) => {
    expect(holdsScopes(held === 'all' ? 'all' : new Set(held), needed)).toBe(expected);
  });
});

describe('evaluateSecurity', () => {
  const UNAUTHENTICATED: SecurityDecision = { allowed: false, reason: 'unauthenticated' };
  const lacks = (principal: UserPrincipal, scheme: string, missing: string[], required: string[]): SecurityDecision => ({
    allowed: false,
    reason: 'insufficient_scope',
    principal,
    scheme,
    missing,
    required,
  });
  it.each<[string, SecurityRequirement[], Map<string, Verdict>, SecurityDecision]>([
    ['an empty list leaves the operation open', [], verdicts(), { allowed: true, principal: GUEST }],
    ['an open operation still names who proved themselves', [], verdicts({ bearer: ok(ann) }), { allowed: true, principal: ann }],
    ['{} admits a guest', [req()], verdicts(), { allowed: true, principal: GUEST }],
    [
      '{} beside a requirement admits a guest',
      [req('bearer'), req()],
      verdicts({ bearer: { outcome: 'unknown' } }),
      { allowed: true, principal: GUEST },
    ],
    [
      '{} beside a requirement keeps who proved it',
      [req(), req('bearer')],
      verdicts({ bearer: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    [
      '{} beside a scope the caller lacks admits it',
      [req('oauth2=tasks:write'), req()],
      verdicts({ oauth2: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    ['one scheme proved', [req('bearer')], verdicts({ bearer: ok(ann) }), { allowed: true, principal: ann }],
    ['one scheme absent', [req('bearer')], verdicts({ bearer: { outcome: 'absent' } }), UNAUTHENTICATED],
    ['one scheme never read', [req('bearer')], verdicts(), UNAUTHENTICATED],
    ['one scheme failed', [req('bearer')], verdicts({ bearer: { outcome: 'expired' } }), UNAUTHENTICATED],
    [
      'OR: the second proved',
      [req('key'), req('bearer')],
      verdicts({ key: { outcome: 'absent' }, bearer: ok(ann) }),
      { allowed: true, principal: ann },
    ],
    [
      'OR: the first that holds names the caller',
      [req('key'), req('bearer')],
      verdicts({ key: ok(bob), bearer: ok(ann) }),
      { allowed: true, principal: bob },
    ],
    [
      'OR: none proved',
      [req('key'), req('bearer')],
      verdicts({ key: { outcome: 'unknown' }, bearer: { outcome: 'absent' } }),
      UNAUTHENTICATED,
    ],
    [
      'AND: both proved, the first names the caller',
      [req('key', 'bearer')],
      verdicts({ key: ok(bob), bearer: ok(ann) }),
      { allowed: true, principal: bob },
    ],
    ['AND: one missing', [req('key', 'bearer')], verdicts({ key: ok(bob), bearer: { outcome: 'absent' } }), UNAUTHENTICATED],
    ['AND: the first missing', [req('key', 'bearer')], verdicts({ bearer: ok(ann) }), UNAUTHENTICATED],
    ['scopes held', [req('oauth2=tasks:read')], verdicts({ oauth2: ok(ann) }), { allowed: true, principal: ann }],
    ['every scope held', [req('oauth2=tasks:read tasks:write')], verdicts({ oauth2: ok(bob) }), { allowed: true, principal: bob }],
    ['all scopes', [req('oauth2=anything')], verdicts({ oauth2: ok(root) }), { allowed: true, principal: root }],
    [
      'a scope missing: 403',
      [req('oauth2=tasks:write')],
      verdicts({ oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'only the missing scopes are named',
      [req('oauth2=tasks:read tasks:write tasks:delete')],
      verdicts({ oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write', 'tasks:delete'], ['tasks:read', 'tasks:write', 'tasks:delete']),
    ],
    [
      'AND: the first scheme short of scopes is named',
      [req('key=a', 'oauth2=b')],
      verdicts({ key: ok(user('k', [])), oauth2: ok(user('o', [])) }),
      lacks(user('k', []), 'key', ['a'], ['a']),
    ],
    [
      'AND: the second short of scopes',
      [req('key', 'oauth2=tasks:write')],
      verdicts({ key: ok(bob), oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'OR: a scope short on one, the other holds',
      [req('oauth2=tasks:write'), req('bearer')],
      verdicts({ oauth2: ok(ann), bearer: ok(bob) }),
      { allowed: true, principal: bob },
    ],
    [
      'OR: a scope short on one, the other not proved: 403',
      [req('bearer'), req('oauth2=tasks:write')],
      verdicts({ bearer: { outcome: 'invalid' }, oauth2: ok(ann) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
    [
      'OR: the first requirement short of scopes is the one reported',
      [req('oauth2=tasks:write'), req('oidc=openid')],
      verdicts({ oauth2: ok(ann), oidc: ok(bob) }),
      lacks(ann, 'oauth2', ['tasks:write'], ['tasks:write']),
    ],
  ])('%s', (_title, requirements, found, expected) => {
    expect(evaluateSecurity(requirements, found)).toEqual(expected);
  });
});

const schemes = new Map<string, SecurityScheme>(
  (
    [
      { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' },
      { name: 'basic', type: 'http', scheme: 'basic' },
      { name: 'bearer', type: 'http', scheme: 'bearer' },
      { name: 'signed', type: 'apiKey', in: 'header', param: 'Authorization', verifier: 'oauth1' },
    ] satisfies SecurityScheme[]
  ).map((s) => [s.name, s]),
);
const REQUEST = { method: 'GET', url: 'http://localhost/tasks' };
const directory = (over: Partial<Directory> = {}): Directory => ({
  now: () => 0,
  keyHolder: async (value, sentAs) =>
    sentAs === 'key' && value === 'k-ann' ? ann : sentAs === 'token' && value === 't-bob' ? bob : undefined,
  passwordHolder: async (username, password) => (username !== 'ann' ? 'unknown' : password === 'pw' ? ann : 'wrong-password'),
  ...over,
});
const run = (names: string[], headers: IncomingHttpHeaders, dir: () => Directory = () => directory()) =>
  authenticate(names, schemes, { headers, query: new URLSearchParams() }, dir, REQUEST);

describe('authenticate', () => {
  it('reads nothing and makes no directory when no credential came', async () => {
    const dir = vi.fn(() => directory());
    const result = await run(['key', 'bearer'], {}, dir);
    expect(dir).not.toHaveBeenCalled();
    expect(result).toEqual({
      verdicts: verdicts({ key: { outcome: 'absent' }, bearer: { outcome: 'absent' } }),
      principal: GUEST,
      reported: { outcome: 'absent' },
    });
  });

  it('verifies each scheme named, in order, and makes the directory once', async () => {
    const dir = vi.fn(() => directory());
    const result = await run(['key', 'bearer'], { 'x-key': 'k-ann', authorization: 'Bearer t-bob' }, dir);
    expect(dir).toHaveBeenCalledTimes(1);
    expect([...result.verdicts.keys()]).toEqual(['key', 'bearer']);
    expect(result.verdicts.get('bearer')).toMatchObject({ outcome: 'ok', principal: bob });
    expect(result.principal).toBe(ann);
    expect(result.reported).toMatchObject({ outcome: 'ok', principal: ann });
  });

  it('reports the first credential that came when none proved anyone', async () => {
    const result = await run(['basic', 'key'], { 'x-key': 'nope', authorization: 'Basic ***' });
    expect(result.principal).toEqual(GUEST);
    expect(result.reported).toEqual({ outcome: 'malformed', detail: 'Basic credentials are not base64' });
    expect(result.verdicts.get('key')).toMatchObject({ outcome: 'unknown' });
  });

  it('reports the one that proved someone over an earlier failure', async () => {
    const result = await run(['key', 'basic'], { 'x-key': 'nope', authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` });
    expect(result.principal).toBe(ann);
    expect(result.reported).toEqual({ outcome: 'ok', principal: ann });
  });

  it('keeps the first failure reported when a later scheme is absent', async () => {
    const result = await run(['key', 'bearer'], { 'x-key': 'nope' });
    expect(result.reported).toMatchObject({ outcome: 'unknown' });
    expect(result.verdicts.get('bearer')).toEqual({ outcome: 'absent' });
  });

  it('treats a scheme the spec does not declare as absent', async () => {
    const result = await run(['nowhere'], { authorization: 'Bearer t-bob' });
    expect(result.verdicts.get('nowhere')).toEqual({ outcome: 'absent' });
  });

  it("ends at a scheme's own refusal, naming no one", async () => {
    const refusal = { outcome: 'refused', reason: 'signature' };
    const oauth1 = {
      deps: {} as never,
      options: {} as never,
      principalOf: () => ann,
    };
    const verify = await import('./oauth1/index.js');
    const spy = vi.spyOn(verify, 'verifyOauthRequest').mockResolvedValue(refusal as never);
    try {
      const result = await run(['key', 'signed', 'bearer'], { 'x-key': 'k-ann', authorization: 'OAuth oauth_consumer_key="c"' }, () =>
        directory({ oauth1 }),
      );
      expect(result.principal).toEqual(GUEST);
      expect(result.reported).toEqual({ outcome: 'refused', refusal });
      expect([...result.verdicts.keys()]).toEqual(['key', 'signed']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('authenticate: a bearer token of one scheme (the rule of provesScheme)', () => {
  const both = new Map<string, SecurityScheme>([
    ['pat', { name: 'pat', type: 'http', scheme: 'bearer' }],
    ['oauth2', { name: 'oauth2', type: 'oauth2', flows: {} }],
    ['key', { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' }],
  ]);
  const tasks = [req('pat'), req('oauth2=tasks:delete')];
  const codec = {
    shape: /^t-/,
    maxId: 100,
    newVerifier: () => 'v',
    encode: () => 't-0-v',
    decode: (t: string) => {
      const m = /^t-(\d+)-(\w+)$/.exec(t);
      return m ? [{ id: Number(m[1]), verifier: m[2] }] : [];
    },
  };
  const record = (id: number, verifier: string, userId: string) => ({
    id,
    api: 'tasks',
    verifierHash: hashToken(verifier),
    userType: 'user',
    userId,
    issuedAt: 0,
    expiresAt: null,
  });
  const RECORDS = new Map([
    [1, record(1, 'pat', 'ann')],
    [2, record(2, 'srv', 'ann')],
    [3, record(3, 'any', 'ann')],
  ]);
  const FOR: Record<number, IssuedFor> = { 1: { scheme: 'pat' }, 2: 'authorization-server' };
  const setup = () => {
    const find = vi.fn(async (id: number) => RECORDS.get(id));
    const dir: Directory = {
      now: () => 0,
      oauthSchemes: true,
      tokens: { codec, find, principalOf: async () => ann, issuedFor: (r) => FOR[r.id] },
      keyHolder: async (value) => (value === 'k-bob' ? bob : undefined),
    };
    return { find, dir };
  };
  const send = (dir: Directory, headers: IncomingHttpHeaders, names = ['pat', 'oauth2']) =>
    authenticate(names, both, { headers, query: new URLSearchParams() }, () => dir, REQUEST);

  it('checks a token both schemes read once', async () => {
    const { find, dir } = setup();
    await send(dir, { authorization: 'Bearer t-1-pat' });
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('a token issued for the bearer scheme proves it, not oauth2: every operation passes', async () => {
    const { dir } = setup();
    const result = await send(dir, { authorization: 'Bearer t-1-pat' });
    expect(result.verdicts.get('pat')).toMatchObject({ outcome: 'ok', principal: ann });
    expect(result.verdicts.get('oauth2')).toMatchObject({
      outcome: 'invalid',
      detail: 'the token was issued for scheme pat, not for oauth2',
    });
    expect(evaluateSecurity(tasks, result.verdicts)).toEqual({ allowed: true, principal: ann });
  });

  it("the server's token proves oauth2 only: its scopes decide (403)", async () => {
    const { dir } = setup();
    const result = await send(dir, { authorization: 'Bearer t-2-srv' });
    expect(result.verdicts.get('pat')).toMatchObject({ outcome: 'invalid' });
    expect(result.principal).toBe(ann);
    expect(result.reported).toMatchObject({ outcome: 'ok', issuedFor: 'authorization-server' });
    expect(evaluateSecurity(tasks, result.verdicts)).toMatchObject({
      allowed: false,
      reason: 'insufficient_scope',
      scheme: 'oauth2',
      missing: ['tasks:delete'],
    });
  });

  it('a token that names nothing proves both, as before', async () => {
    const { dir } = setup();
    const result = await send(dir, { authorization: 'Bearer t-3-any' });
    expect(evaluateSecurity(tasks, result.verdicts)).toEqual({ allowed: true, principal: ann });
  });

  it('a failed check is shared too', async () => {
    const { find, dir } = setup();
    const result = await send(dir, { authorization: 'Bearer t-9-zzz' });
    expect(find).toHaveBeenCalledTimes(1);
    expect(result.verdicts.get('pat')).toEqual({ outcome: 'unknown', tokenPrefix: 't-9-zz', tokenId: 9 });
    expect(result.verdicts.get('oauth2')).toEqual({ outcome: 'unknown', tokenPrefix: 't-9-zz', tokenId: 9 });
  });

  it('a key between two bearer schemes does not undo the sharing', async () => {
    const { find, dir } = setup();
    const result = await send(dir, { authorization: 'Bearer t-1-pat', 'x-key': 'k-bob' }, ['pat', 'key', 'oauth2']);
    expect(find).toHaveBeenCalledTimes(1);
    expect(result.verdicts.get('key')).toMatchObject({ outcome: 'ok', principal: bob });
  });
});
