import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../core/types.js';
import type { Credential } from './credentials.js';
import type { Directory } from './directory.js';
import type { Verdict } from './verdict.js';
import {
  ann,
  bob,
  bearer,
  oauth2,
  key,
  tokenKey,
  basic,
  signedScheme,
  NOW,
  directory,
  token,
  verify,
} from '../../test/auth/verify-credential-fixtures.js';

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
});
