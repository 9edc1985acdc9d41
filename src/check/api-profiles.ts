import type { ApiName } from '../core/types.js';
import type { Accounts, AccountRole, Login } from './accounts.js';

/**
 * What the specs cannot say in data: which operation issues a role's token, how the
 * token comes back, which operation revokes, and how to tell that an answer is the
 * caller's own. Everything else the checker derives from the specs.
 */
export interface ApiProfile {
  api: ApiName;
  /** the roles whose tokens this API issues, with the operation that issues them */
  logins: Partial<Record<AccountRole, string>>;
  /** the role whose credentials a login operation's examples stand for */
  exampleRole: Record<string, AccountRole>;
  readToken(body: unknown): string | undefined;
  /** the operation that revokes tokens, and the role whose tokens it revokes */
  revoke?: { operationId: string; role: AccountRole };
  /** operationId -> a check that the answer belongs to the given login (message when not) */
  owner: Record<string, (body: any, login: Login & { id?: number }) => string | undefined>;
  /** operationId -> path parameter -> the role whose id it takes (e.g. a customer id) */
  pathRoles: Record<string, Record<string, AccountRole>>;
  /** where a role's id is read when the accounts do not give it: a `self` operation's answer */
  idLookup?: { role: AccountRole; operationId: string; field: string };
  /** the token life cycle flow: log in, read with `readOperationId`, revoke, read again */
  lifecycle?: { role: AccountRole; readOperationId: string };
  /** a read of another account by id (admin reads a customer), and an id no account has */
  lookup?: { role: AccountRole; operationId: string; param: string; idOf: AccountRole; unknownId: number };
  /** the role whose login is locked at the end of the run */
  lockoutRole?: AccountRole;
  /** operationId -> the wrong-credential variants a login refuses */
  wrongCredentials: Record<string, { title: string; change: (body: Record<string, unknown>) => Record<string, unknown> }[]>;
}

const WRONG = 'wrong-password-authmock-check';

export const PROFILES: Record<ApiName, ApiProfile> = {
  commerce: {
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
  },
  social: {
    api: 'social',
    logins: { social: 'login' },
    exampleRole: { login: 'social' },
    readToken: (body: any) => (typeof body?.user?.userToken === 'string' ? body.user.userToken : undefined),
    revoke: { operationId: 'logout', role: 'social' },
    owner: {
      getProfile: (body, login) => {
        const u = body?.user ?? {};
        const names = [login.username, login.email].filter(Boolean).map((n) => n!.toLowerCase());
        return names.includes(String(u.username).toLowerCase()) || names.includes(String(u.email).toLowerCase())
          ? undefined
          : `answered user ${u.username}, not the token's owner ${login.username}`;
      },
    },
    pathRoles: {},
    lifecycle: { role: 'social', readOperationId: 'getProfile' },
    wrongCredentials: {
      login: [
        { title: 'wrong password', change: (b) => ({ ...b, password: WRONG }) },
        { title: 'unknown user', change: (b) => withLoginName(b, 'no-such-user-authmock-check') },
        { title: 'wrong client secret', change: (b) => ({ ...b, secretKey: 'wrong-secret-authmock-check' }) },
      ],
    },
  },
};

function withLoginName(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const out = { ...body };
  if ('username' in out) out.username = name;
  if ('email' in out) out.email = name;
  return out;
}

/** A login operation's example with the role's real credentials in place of the spec's. */
export function substituteCredentials(example: Record<string, unknown>, role: AccountRole | undefined, accounts: Accounts): Record<string, unknown> {
  if (!role) return { ...example };
  const login = accounts[role];
  const out = { ...example };
  if (login) {
    if ('username' in out) out.username = login.username;
    if ('email' in out) out.email = login.email ?? login.username;
    if ('password' in out) out.password = login.password;
  }
  if (accounts.socialApp) {
    if ('apiKey' in out) out.apiKey = accounts.socialApp.apiKey;
    if ('secretKey' in out) out.secretKey = accounts.socialApp.secretKey;
  }
  return out;
}

/** The JSON body a role logs in with: the login operation's first example, substituted. */
export function loginBody(example: Record<string, unknown> | undefined, role: AccountRole, accounts: Accounts): Record<string, unknown> {
  const base = example ?? { username: '', password: '' };
  return substituteCredentials(base, role, accounts);
}
