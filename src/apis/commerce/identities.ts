import type { Identity, IdentityStore } from '../../store/store.js';
import type { Services } from '../../pipeline/stages.js';

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
  /** two-factor providers the admin must use (force_providers); undefined: ['google'] */
  tfaProviders?: readonly string[];
  /** the Google Authenticator secret (base32); set means Google is configured and active */
  googleSecret?: string;
}

/**
 * An integration: a server-side client signing its requests with OAuth 1.0a
 * (docs/commerce-integrations.md §1). The consumer secret and token secret are kept as
 * they are: HMAC signing needs them in the clear, and the store file that would hold an
 * encryption key is the one that holds them (0600, like the store's secret key). They are
 * never logged and never shown.
 */
export interface Integration {
  id: number;
  name: string;
  active: boolean;
  resources: 'all' | ReadonlySet<string>;
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  tokenSecret: string;
  /** the access token was revoked (the platform's oauth_token.revoked) */
  tokenRevoked: boolean;
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
  return {
    id: Number(i.id),
    email: d.email,
    passwordDigest: Buffer.from(d.passwordDigest, 'base64'),
    websiteId: d.websiteId,
    record: d.record,
  };
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
      ...(a.tfaProviders ? { tfaProviders: [...a.tfaProviders] } : {}),
      ...(a.googleSecret ? { googleSecret: a.googleSecret } : {}),
    },
  };
}

export function identityToAdmin(i: Identity): Admin {
  const d = i.data as {
    username: string;
    passwordDigest: string;
    active: boolean;
    resources: 'all' | string[];
    tfaProviders?: string[];
    googleSecret?: string;
  };
  return {
    id: Number(i.id),
    username: d.username,
    passwordDigest: Buffer.from(d.passwordDigest, 'base64'),
    active: d.active,
    resources: d.resources === 'all' ? 'all' : new Set(d.resources),
    ...(d.tfaProviders ? { tfaProviders: d.tfaProviders } : {}),
    ...(d.googleSecret ? { googleSecret: d.googleSecret } : {}),
  };
}

// Lookup keys of an integration: its consumer key and its access token, told apart.
const consumerKeyOf = (key: string) => `consumer:${key}`;
const tokenKeyOf = (token: string) => `token:${token}`;

export function integrationToIdentity(n: Integration): Identity {
  const { id, resources, ...rest } = n;
  return {
    api: API,
    kind: 'integration',
    id: String(id),
    keys: [consumerKeyOf(n.consumerKey), tokenKeyOf(n.accessToken)],
    data: { ...rest, resources: resources === 'all' ? 'all' : [...resources] },
  };
}

export function identityToIntegration(i: Identity): Integration {
  const d = i.data as Omit<Integration, 'id' | 'resources'> & { resources: 'all' | string[] };
  return { ...d, id: Number(i.id), tokenRevoked: d.tokenRevoked === true, resources: d.resources === 'all' ? 'all' : new Set(d.resources) };
}

/** Reads of the commerce identities of one namespace. */
export function commerceIdentities(services: Pick<Services, 'store'>, ns: string): CommerceIdentities {
  return new CommerceIdentities(services.store.identities, ns);
}

/** A class, not an object of closures: handlers make one per request, and its methods are shared. */
export class CommerceIdentities {
  constructor(
    private readonly identities: IdentityStore,
    private readonly ns: string,
  ) {}

  async customerById(id: number): Promise<Customer | undefined> {
    const i = await this.byId('customer', id);
    return i && identityToCustomer(i);
  }

  async customerByEmail(email: string): Promise<Customer | undefined> {
    const i = await this.byKey('customer', email.toLowerCase());
    return i && identityToCustomer(i);
  }

  async adminById(id: number): Promise<Admin | undefined> {
    const i = await this.byId('admin', id);
    return i && identityToAdmin(i);
  }

  async adminByName(username: string): Promise<Admin | undefined> {
    const i = await this.byKey('admin', username.toLowerCase());
    return i && identityToAdmin(i);
  }

  async integrationById(id: number): Promise<Integration | undefined> {
    const i = await this.byId('integration', id);
    return i && identityToIntegration(i);
  }

  async integrationByConsumerKey(key: string): Promise<Integration | undefined> {
    const i = await this.byKey('integration', consumerKeyOf(key));
    return i && identityToIntegration(i);
  }

  async integrationByAccessToken(token: string): Promise<Integration | undefined> {
    const i = await this.byKey('integration', tokenKeyOf(token));
    return i && identityToIntegration(i);
  }

  private byId(kind: string, id: number): Promise<Identity | undefined> {
    return this.identities.get({ ns: this.ns, api: API, kind, id: String(id) });
  }

  private byKey(kind: string, key: string): Promise<Identity | undefined> {
    return this.identities.find({ ns: this.ns, api: API, kind, key });
  }
}
