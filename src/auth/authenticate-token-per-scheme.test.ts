import { describe, expect, it, vi } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import type { SecurityScheme } from '../core/types.js';
import { authenticate, evaluateSecurity } from './authenticate.js';
import type { Directory } from './directory.js';
import type { IssuedFor } from './verdict.js';
import { hashToken } from './secrets.js';
import { ann, bob, req, REQUEST } from '../../test/auth/authenticate-fixtures.js';

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
