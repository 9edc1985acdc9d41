import type { Identity, IdentityRef, LoginRef, NewToken } from '../../../src/store/store.js';

// The records the shared store suite (test/store/store.test.ts) writes and reads, for all its parts.

export const NOW = Date.UTC(2026, 0, 1);
export const LOCK_MS = 1800_000;

// Where the suite's usual records live: commerce customers, their login names and tokens.
export const customer = (ns: string, id: string): IdentityRef => ({ ns, api: 'commerce', kind: 'customer', id });
export const customerKey = (ns: string, key: string) => ({ ns, api: 'commerce', kind: 'customer', key });
export const customers = (ns: string) => ({ ns, api: 'commerce', kind: 'customer' });
export const commerceToken = (ns: string, id: number) => ({ ns, api: 'commerce', id });
export const login = (ns: string, username: string, over: Partial<LoginRef> = {}): LoginRef => ({
  ns,
  api: 'commerce',
  userType: 'customer',
  username,
  ...over,
});
export const token = (over: Partial<NewToken> = {}): NewToken => ({
  api: 'commerce',
  verifierHash: 'hash-1',
  userType: 'customer',
  userId: '1',
  issuedAt: NOW,
  expiresAt: null,
  ...over,
});

export const identity = (id: string, keys: string[], data: Record<string, unknown> = {}, over: Partial<Identity> = {}): Identity => ({
  api: 'commerce',
  kind: 'customer',
  id,
  keys,
  data: { name: `customer ${id}`, ...data },
  ...over,
});

export const SEED: readonly Identity[] = [
  identity('1', ['roni@example.com'], { nested: { city: 'Calder' } }),
  identity('2', ['john@example.com']),
  identity('admin', ['admin'], {}, { kind: 'admin' }),
];

export const byId = (list: { id: string | number }[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
