import type { ApiProfile } from '../../check/api-profile.js';
import { WRONG_PASSWORD as WRONG } from '../../check/api-profile.js';

/**
 * What the contract checker cannot read from the commerce spec: which operation issues
 * each role's token, how the token comes back, which operation revokes, whose record an
 * answer is. Everything else it derives from the spec.
 */
export const commerceCheckerProfile: ApiProfile = {
  api: 'commerce',
  logins: { customer: 'createCustomerAccessToken', lockout: 'createCustomerAccessToken', admin: 'createAdminAccessToken', restrictedAdmin: 'createAdminAccessToken' },
  exampleRole: { createCustomerAccessToken: 'customer', createAdminAccessToken: 'admin' },
  readToken: (body) => (typeof body === 'string' && body ? body : undefined),
  revoke: { operationId: 'revokeCustomerAccessToken', role: 'customer' },
  owner: {
    getCurrentCustomer: (body, login) =>
      String(body?.email).toLowerCase() === login.username.toLowerCase() ? undefined : `answered customer ${body?.email}, not the token's owner ${login.username}`,
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
