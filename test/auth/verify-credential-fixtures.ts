import type { SecurityScheme } from '../../src/core/types.js';
import type { TokenRecord } from '../../src/store/store.js';
import type { Credential } from '../../src/auth/credentials.js';
import type { Directory } from '../../src/auth/directory.js';
import { hashToken } from '../../src/auth/secrets.js';
import type { TokenCodec } from '../../src/auth/tokens.js';
import type { UserPrincipal } from '../../src/auth/verdict.js';
import { verifyCredential } from '../../src/auth/verify-credential.js';

// The callers, schemes, tokens and Directory stub of the unit tests of src/auth/verify-credential.ts.

const user = (subject: string, scopes: string[] = []): UserPrincipal => ({
  kind: 'user',
  userType: 'user',
  userId: subject,
  subject,
  scopes: new Set(scopes),
  identity: {},
});
export const ann = user('ann', ['tasks:read']);
export const bob = user('bob');

export const bearer: SecurityScheme = { name: 'bearer', type: 'http', scheme: 'bearer' };
export const oauth2: SecurityScheme = { name: 'oauth2', type: 'oauth2', flows: {} };
export const oidc: SecurityScheme = { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' };
export const key: SecurityScheme = { name: 'apiKey', type: 'apiKey', in: 'header', param: 'X-Key' };
export const tokenKey: SecurityScheme = { name: 'tokenKey', type: 'apiKey', in: 'header', param: 'X-Token', verifier: 'token' };
export const basic: SecurityScheme = { name: 'basic', type: 'http', scheme: 'basic' };
export const signedScheme: SecurityScheme = { name: 'oauth1', type: 'apiKey', in: 'header', param: 'Authorization', verifier: 'oauth1' };

/** `amk-<id>-<verifier>`; an older format `old-<id>-<verifier>` decodes to two candidates. */
export const codec: TokenCodec = {
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
export const NOW = 1_000_000;
export const record = (id: number, verifier: string, over: Partial<TokenRecord> = {}): TokenRecord => ({
  id,
  api: 'tasks',
  verifierHash: hashToken(verifier),
  userType: 'user',
  userId: 'ann',
  issuedAt: 0,
  expiresAt: null,
  ...over,
});
export const RECORDS = new Map<number, TokenRecord>([
  [1, record(1, 'good')],
  [2, record(2, 'late', { expiresAt: NOW })],
  [3, record(3, 'later', { expiresAt: NOW + 1 })],
  [4, record(4, 'gone', { userId: 'gone' })],
  [5, record(5, 'old')],
]);
export const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2ln';

export const directory = (over: Partial<Directory> = {}): Directory => ({
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
export const REQUEST = { method: 'GET', url: 'http://localhost/tasks' };
export const token = (value: string): Credential => ({ kind: 'token', value });
export const verify = (scheme: SecurityScheme, credential: Credential, dir = directory()) =>
  verifyCredential(scheme, credential, dir, REQUEST);
