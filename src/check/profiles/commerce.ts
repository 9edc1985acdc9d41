import type { ApiProfile } from '../api-profile.js';
import { LOGIN_FIELDS, WRONG_PASSWORD as WRONG } from '../api-profile.js';
import type { Credentials } from '../accounts.js';

// The default accounts in fixtures/commerce.yaml: the first two customers, the first
// active admin whose role is `all`, and the first whose role lists resources.
const customerAt =
  (i: number) =>
  (doc: any): Credentials | undefined => {
    const c = (doc.customers ?? [])[i];
    return c ? { username: String(c.record.email), password: String(c.password), id: Number(c.record.id) } : undefined;
  };
const roleResources = (doc: any, name: string): unknown => (doc.roles ?? []).find((r: any) => r.name === name)?.resources;
const activeAdmins = (doc: any): any[] => (doc.admins ?? []).filter((a: any) => a.is_active !== false);

/**
 * What the contract checker cannot read from the commerce spec: which operation issues
 * each role's token, how the token comes back, which operation revokes, whose record an
 * answer is. Everything else it derives from the spec.
 */
export const commerceCheckerProfile: ApiProfile = {
  api: 'commerce',
  roles: {
    customer: {
      login: 'createCustomerAccessToken',
      reach: 'self',
      title: 'a commerce customer token',
      envPrefix: 'CUSTOMER',
      fields: { ...LOGIN_FIELDS, id: { env: 'ID', parse: 'number' } },
      fromFixtures: customerAt(0),
    },
    lockout: {
      login: 'createCustomerAccessToken',
      reach: 'self',
      title: 'a second customer token',
      envPrefix: 'LOCKOUT',
      fields: LOGIN_FIELDS,
      fromFixtures: customerAt(1),
    },
    admin: {
      login: 'createAdminAccessToken',
      reach: 'all-resources',
      title: 'an admin token (all resources)',
      envPrefix: 'ADMIN',
      fields: LOGIN_FIELDS,
      fromFixtures: (doc) => {
        const a = activeAdmins(doc).find((x) => roleResources(doc, x.role) === 'all');
        return a ? { username: a.username, password: String(a.password) } : undefined;
      },
    },
    restrictedAdmin: {
      login: 'createAdminAccessToken',
      reach: 'some-resources',
      title: 'a restricted admin token',
      envPrefix: 'RESTRICTED_ADMIN',
      fields: { ...LOGIN_FIELDS, resources: { env: 'RESOURCES', parse: 'list' } },
      fromFixtures: (doc) => {
        const a = activeAdmins(doc).find((x) => Array.isArray(roleResources(doc, x.role)));
        return a ? { username: a.username, password: String(a.password), resources: roleResources(doc, a.role) as string[] } : undefined;
      },
    },
  },
  exampleRole: { createCustomerAccessToken: 'customer', createAdminAccessToken: 'admin' },
  readToken: (body) => (typeof body === 'string' && body ? body : undefined),
  revoke: { operationId: 'revokeCustomerAccessToken', role: 'customer' },
  owner: {
    getCurrentCustomer: (body, login) =>
      String(body?.email).toLowerCase() === login.username.toLowerCase()
        ? undefined
        : `answered customer ${body?.email}, not the token's owner ${login.username}`,
    getCustomerById: (body, login) =>
      login.id === undefined || body?.id === login.id ? undefined : `answered customer id ${body?.id}, asked for ${login.id}`,
  },
  pathRoles: { getCustomerById: { customerId: 'customer' } },
  idLookup: { role: 'customer', operationId: 'getCurrentCustomer', field: 'id' },
  lifecycle: { role: 'customer', readOperationId: 'getCurrentCustomer' },
  lookup: { role: 'admin', operationId: 'getCustomerById', param: 'customerId', idOf: 'customer', unknownId: 987654321 },
  lockoutRole: 'lockout',
  wrongCredentials: {
    createCustomerAccessToken: [
      { title: 'wrong password', change: (b) => ({ ...b, password: WRONG }) },
      { title: 'unknown user', change: (b) => ({ ...b, username: 'no-such-user.authmock-check@example.invalid' }) },
    ],
    createAdminAccessToken: [
      { title: 'wrong password', change: (b) => ({ ...b, password: WRONG }) },
      { title: 'unknown user', change: (b) => ({ ...b, username: 'no-such-admin-authmock-check' }) },
    ],
  },
};
