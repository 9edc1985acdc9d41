import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../../src/core/types.js';
import type { Directory } from '../../src/auth/directory.js';
import type { UserPrincipal } from '../../src/auth/verdict.js';
import type { TokenRecord } from '../../src/store/store.js';
import { hashToken } from '../../src/auth/secrets.js';
import { verifyCredential } from '../../src/auth/verify-credential.js';

const COOKIE: SecurityScheme = { name: 'cookieAuth', type: 'apiKey', in: 'cookie', param: 'connect.sid' };
const HEADER: SecurityScheme = { name: 'keyAuth', type: 'apiKey', in: 'header', param: 'X-Key' };
const NOW = 1_000_000;
const REQUEST = { method: 'GET', url: 'http://localhost/me' };

const principal = (userId: string): UserPrincipal => ({
  kind: 'user',
  userType: 'user',
  userId,
  subject: userId,
  scopes: new Set(),
  claims: {},
  identity: {},
});

/** Tokens `t<id>.<verifier>`: token 1 (alice) live, token 2 expired; API key `key-1` is bob's. */
function directory(): Directory {
  const records = new Map<number, TokenRecord>([
    [1, { id: 1, api: 'session', verifierHash: hashToken('v1'), userType: 'user', userId: 'alice', issuedAt: 0, expiresAt: NOW + 1 }],
    [2, { id: 2, api: 'session', verifierHash: hashToken('v2'), userType: 'user', userId: 'alice', issuedAt: 0, expiresAt: NOW - 1 }],
  ]);
  return {
    now: () => NOW,
    tokens: {
      codec: {
        shape: /^t\d+\.\w+$/,
        maxId: 1000,
        newVerifier: () => 'v',
        encode: ({ id, verifier }) => `t${id}.${verifier}`,
        decode: (token) => {
          const m = /^t(\d+)\.(\w+)$/.exec(token);
          return m ? [{ id: Number(m[1]), verifier: m[2] }] : [];
        },
      },
      find: async (id) => records.get(id),
      principalOf: async (record) => principal(record.userId),
    },
    keyHolder: async (value, sentAs) => (sentAs === 'key' && value === 'key-1' ? principal('bob') : undefined),
  };
}

const verify = (scheme: SecurityScheme, value: string) => verifyCredential(scheme, { kind: 'key', value }, directory(), REQUEST);

describe('an apiKey in a cookie: an API key, or a session token the API issued', () => {
  it('an issued token authenticates its user', async () => {
    const verdict = await verify(COOKIE, 't1.v1');
    expect(verdict.outcome).toBe('ok');
    expect(verdict.outcome === 'ok' && verdict.principal.userId).toBe('alice');
  });

  it('an expired one says so', async () => {
    expect((await verify(COOKIE, 't2.v2')).outcome).toBe('expired');
  });

  it('a wrong verifier or a made-up value is an unknown key', async () => {
    expect((await verify(COOKIE, 't1.wrong')).outcome).toBe('unknown');
    expect((await verify(COOKIE, 'nothing')).outcome).toBe('unknown');
  });

  it('an API key still authenticates in the cookie', async () => {
    const verdict = await verify(COOKIE, 'key-1');
    expect(verdict.outcome === 'ok' && verdict.principal.userId).toBe('bob');
  });

  it('an apiKey in a header takes no issued token (unchanged)', async () => {
    expect((await verify(HEADER, 't1.v1')).outcome).toBe('unknown');
  });
});
