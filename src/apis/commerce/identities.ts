import type { Identity, Store } from '../../store/store.js';

export const API = 'commerce';

/** A customer as the store keeps it: the record GET /V1/customers/me answers, and a password digest. */
export interface Customer {
  id: number;
  email: string;
  passwordDigest: Buffer;
  websiteId: number;
  /** the record exactly as GET /V1/customers/me answers it */
  record: Record<string, unknown>;
}

export interface Admin {
  id: number;
  username: string;
  passwordDigest: Buffer;
  active: boolean;
  resources: 'all' | ReadonlySet<string>;
}

export function customerToIdentity(c: Customer): Identity {
  return {
    api: API,
    kind: 'customer',
    id: String(c.id),
    keys: [c.email.toLowerCase()],
    data: { email: c.email, passwordDigest: c.passwordDigest.toString('base64'), websiteId: c.websiteId, record: c.record },
  };
}

export function identityToCustomer(i: Identity): Customer {
  const d = i.data as { email: string; passwordDigest: string; websiteId: number; record: Record<string, unknown> };
  return { id: Number(i.id), email: d.email, passwordDigest: Buffer.from(d.passwordDigest, 'base64'), websiteId: d.websiteId, record: d.record };
}

export function adminToIdentity(a: Admin): Identity {
  return {
    api: API,
    kind: 'admin',
    id: String(a.id),
    keys: [a.username.toLowerCase()],
    data: {
      username: a.username,
      passwordDigest: a.passwordDigest.toString('base64'),
      active: a.active,
      resources: a.resources === 'all' ? 'all' : [...a.resources],
    },
  };
}

export function identityToAdmin(i: Identity): Admin {
  const d = i.data as { username: string; passwordDigest: string; active: boolean; resources: 'all' | string[] };
  return {
    id: Number(i.id),
    username: d.username,
    passwordDigest: Buffer.from(d.passwordDigest, 'base64'),
    active: d.active,
    resources: d.resources === 'all' ? 'all' : new Set(d.resources),
  };
}

/** Reads of the commerce identities of one namespace. */
export function commerceIdentities(store: Store, ns: string) {
  return {
    async customerById(id: number): Promise<Customer | undefined> {
      const i = await store.getIdentity(ns, API, 'customer', String(id));
      return i && identityToCustomer(i);
    },
    async customerByEmail(email: string): Promise<Customer | undefined> {
      const i = await store.findIdentity(ns, API, 'customer', email.toLowerCase());
      return i && identityToCustomer(i);
    },
    async adminById(id: number): Promise<Admin | undefined> {
      const i = await store.getIdentity(ns, API, 'admin', String(id));
      return i && identityToAdmin(i);
    },
    async adminByName(username: string): Promise<Admin | undefined> {
      const i = await store.findIdentity(ns, API, 'admin', username.toLowerCase());
      return i && identityToAdmin(i);
    },
  };
}
