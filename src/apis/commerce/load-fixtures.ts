import type { ValidateFunction } from 'ajv';
import type { Identity } from '../../store/store.js';
import type { ModuleSetup } from '../api-module.js';
import { FixtureError, checkFixture, requireFixture } from '../../fixtures/fixture-error.js';
import { adminToIdentity, customerToIdentity, integrationToIdentity, type Admin, type Customer, type Integration } from './identities.js';

export interface StoreView {
  code: string;
  store_id: number;
  website_id: number;
  name: string;
}

export interface CommerceFixtures {
  /** store code -> store view; `all` is built in (the admin store, website 0) */
  stores: ReadonlyMap<string, StoreView>;
  seed: Identity[];
  /** for the banner */
  customerEmails: string[];
  adminNames: string[];
  integrations: Integration[];
}

/**
 * Reads `commerce.yaml`: store views, roles, admins and customers. Every customer record
 * is checked against the spec's Customer schema; passwords are kept only as digests.
 */
export function loadCommerceFixtures(setup: ModuleSetup): CommerceFixtures {
  const file = setup.fixtureFile;
  const doc = (setup.fixtures ?? {}) as any;
  const customerSchema = setup.schema('Customer');
  const stores = new Map<string, StoreView>();
  for (const [i, s] of (doc.stores ?? []).entries()) {
    requireFixture(typeof s?.code === 'string' && Number.isInteger(s.website_id), file, `stores[${i}]`, 'needs a code and a website_id');
    stores.set(s.code, s);
  }
  requireFixture(stores.has('default'), file, 'stores', 'must list the store code "default"');
  const roles = readRoles(file, doc);
  const tfaProviders = readProviders(file, 'tfa_providers', doc.tfa_providers ?? ['google']);
  const admins = (doc.admins ?? []).map((a: any, i: number) => readAdmin(file, `admins[${i}]`, a, roles, setup, tfaProviders));
  const integrations = (doc.integrations ?? []).map((n: any, i: number) => readIntegration(file, `integrations[${i}]`, n, roles));
  const seen = new Set<number>();
  const customers = (doc.customers ?? []).map((c: any, i: number) => {
    const customer = readCustomer(file, `customers[${i}]`, c, customerSchema, setup);
    requireFixture(!seen.has(customer.id), file, `customers[${i}]`, `duplicate customer id ${customer.id}`);
    seen.add(customer.id);
    return customer;
  });
  return {
    stores,
    seed: [...admins.map(adminToIdentity), ...customers.map(customerToIdentity), ...integrations.map(integrationToIdentity)],
    customerEmails: customers.map((c: Customer) => c.email),
    adminNames: admins.map((a: Admin) => a.username),
    integrations,
  };
}

function readRoles(file: string, doc: any): Map<string, 'all' | ReadonlySet<string>> {
  const roles = new Map<string, 'all' | ReadonlySet<string>>();
  for (const [i, r] of (doc.roles ?? []).entries()) {
    requireFixture(typeof r?.name === 'string', file, `roles[${i}]`, 'needs a name');
    requireFixture(r.resources === 'all' || Array.isArray(r.resources), file, `roles[${i}]`, 'resources must be "all" or a list');
    roles.set(r.name, r.resources === 'all' ? 'all' : new Set<string>(r.resources));
  }
  return roles;
}

function readAdmin(
  file: string,
  where: string,
  a: any,
  roles: Map<string, 'all' | ReadonlySet<string>>,
  setup: ModuleSetup,
  tfaProviders: string[],
): Admin {
  requireFixture(
    Number.isInteger(a?.id) && typeof a.username === 'string' && typeof a.password === 'string',
    file,
    where,
    'needs id, username and password',
  );
  if (!roles.has(a.role)) throw new FixtureError(file, where, `names an unknown role ${JSON.stringify(a.role)}`);
  const secret = a.google_secret;
  requireFixture(
    secret === undefined || (typeof secret === 'string' && /^[A-Z2-7]+=*$/i.test(secret)),
    file,
    `${where}.google_secret`,
    'must be base32',
  );
  return {
    id: a.id,
    username: a.username,
    passwordDigest: setup.secrets.digest(a.password),
    active: a.is_active !== false,
    resources: roles.get(a.role)!,
    tfaProviders: a.tfa_providers === undefined ? tfaProviders : readProviders(file, `${where}.tfa_providers`, a.tfa_providers),
    ...(secret ? { googleSecret: secret } : {}),
  };
}

function readProviders(file: string, where: string, value: unknown): string[] {
  requireFixture(
    Array.isArray(value) && value.every((p) => typeof p === 'string'),
    file,
    where,
    'must be a list of provider codes (google)',
  );
  return value as string[];
}

const CREDENTIAL = /^[0-9a-z]{32}$/;

/** An integration: the platform's four credentials are 32 characters of [0-9a-z] each. */
function readIntegration(file: string, where: string, n: any, roles: Map<string, 'all' | ReadonlySet<string>>): Integration {
  requireFixture(Number.isInteger(n?.id) && typeof n.name === 'string', file, where, 'needs an id and a name');
  for (const field of ['consumer_key', 'consumer_secret', 'access_token', 'token_secret']) {
    requireFixture(
      typeof n[field] === 'string' && CREDENTIAL.test(n[field]),
      file,
      `${where}.${field}`,
      'must be 32 characters of [0-9a-z]',
    );
  }
  const resources = n.resources ?? (n.role !== undefined ? roles.get(n.role) : undefined);
  requireFixture(
    resources === 'all' || Array.isArray(resources) || resources instanceof Set,
    file,
    where,
    'resources must be "all" or a list of ACL resource ids',
  );
  return {
    id: n.id,
    name: n.name,
    active: n.is_active !== false,
    resources: resources === 'all' ? 'all' : new Set<string>(resources),
    consumerKey: n.consumer_key,
    consumerSecret: n.consumer_secret,
    accessToken: n.access_token,
    tokenSecret: n.token_secret,
    tokenRevoked: n.token_revoked === true,
  };
}

function readCustomer(file: string, where: string, c: any, schema: ValidateFunction, setup: ModuleSetup): Customer {
  requireFixture(typeof c?.password === 'string', file, where, 'needs a password');
  checkFixture(schema, c.record, file, `${where}.record`);
  requireFixture(Number.isInteger(c.record.id), file, `${where}.record`, 'needs an integer id');
  return {
    id: c.record.id,
    email: c.record.email,
    passwordDigest: setup.secrets.digest(c.password),
    websiteId: c.record.website_id,
    record: c.record,
  };
}
