import {
  describeSource,
  isComplete,
  type Accounts,
  type AccountRole,
  type Credentials,
  type CredentialSet,
  type CredentialSource,
  type Login,
} from './accounts.js';

/**
 * What a role may reach, the way the spec's x-authmock-permission kinds are granted:
 * `self` acts for itself only (a customer); `all-resources` holds every ACL resource
 * but is nobody's self (an admin); `some-resources` holds the ACL resources its account
 * lists under `resources`; `token` is any live token of its API.
 */
export type RoleReach = 'self' | 'all-resources' | 'some-resources' | 'token';

/** A role the checker logs in as: where its credentials come from and what it may reach. */
export interface RoleDeclaration extends CredentialSet {
  /** the operation that issues the role's token */
  login: string;
  reach: RoleReach;
  /** how reports name its token (`a commerce customer token`) */
  title: string;
  /** other credential sets its login needs, filled into the login body by field name (`socialApp`) */
  needs?: readonly string[];
}

/**
 * What the specs cannot say in data: the roles and the operations that issue their
 * tokens, how the token comes back, which operation revokes, and how to tell that an
 * answer is the caller's own. Everything else the checker derives from the specs.
 */
export interface ApiProfile {
  api: string;
  /** the roles whose tokens this API issues; the first is the API's token in other APIs' matrices. Role names are global */
  roles: Record<AccountRole, RoleDeclaration>;
  /** credentials that are no role, such as a client app's key pair, by name */
  credentials?: Record<string, CredentialSet>;
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
  /** the role whose login is locked at the end of the run; its token is left out of the matrix */
  lockoutRole?: AccountRole;
  /** operationId -> the wrong-credential variants a login refuses */
  wrongCredentials: Record<string, { title: string; change: (body: Record<string, unknown>) => Record<string, unknown> }[]>;
}

/** The fields every role has: a login name and a password, from AUTHMOCK_<PREFIX>_USERNAME/_PASSWORD. */
export const LOGIN_FIELDS = {
  username: { env: 'USERNAME', required: true },
  password: { env: 'PASSWORD', required: true },
} as const;

/** A login operation's example with the role's real credentials in place of the spec's. */
export function substituteCredentials(
  example: Record<string, unknown>,
  role: AccountRole | undefined,
  accounts: Accounts,
  profile: ApiProfile,
): Record<string, unknown> {
  if (!role) return { ...example };
  const login = accounts[role];
  const out = { ...example };
  if (login) {
    if ('username' in out) out.username = login.username;
    if ('email' in out) out.email = login.email ?? login.username;
    if ('password' in out) out.password = login.password;
  }
  for (const need of findRole(profile, role)?.needs ?? []) fillFields(out, accounts[need]);
  return out;
}

function fillFields(body: Record<string, unknown>, set: Credentials | undefined): void {
  for (const [field, value] of Object.entries(set ?? {})) if (field in body) body[field] = value;
}

/** The JSON body a role logs in with: the login operation's first example, substituted. */
export function loginBody(
  example: Record<string, unknown> | undefined,
  role: AccountRole,
  accounts: Accounts,
  profile: ApiProfile,
): Record<string, unknown> {
  const base = example ?? { username: '', password: '' };
  return substituteCredentials(base, role, accounts, profile);
}

/** A role's declaration in this API, if the API issues it. */
export function findRole(profile: ApiProfile, role: AccountRole): RoleDeclaration | undefined {
  return Object.hasOwn(profile.roles, role) ? profile.roles[role] : undefined;
}

/** Whether a role is usable: its login and every credential set its login needs are complete. */
export function hasRole(accounts: Accounts, role: AccountRole, profile: ApiProfile): boolean {
  const declared = findRole(profile, role);
  if (!declared || !isComplete(accounts[role], declared)) return false;
  return (declared.needs ?? []).every((need) => {
    const set = profile.credentials?.[need];
    return !!set && isComplete(accounts[need], set);
  });
}

/** Where a role and what its login needs can be configured, for skip messages and the docs. */
export function describeRoleSources(role: AccountRole, profile: ApiProfile): string {
  const declared = findRole(profile, role);
  if (!declared) return `no API declares the role ${role}`;
  const needs = (declared.needs ?? []).flatMap((need) =>
    profile.credentials?.[need] ? [`; and ${describeSource(need, profile.credentials[need])}`] : [],
  );
  return describeSource(role, declared) + needs.join('');
}

/** Each API's roles and credential sets, with the fixture file its defaults are read from. */
export function credentialSources(apis: readonly { fixtureFile?: string; checker: ApiProfile }[]): CredentialSource[] {
  return apis.map((a) => ({ fixtureFile: a.fixtureFile, sets: { ...a.checker.roles, ...a.checker.credentials } }));
}

/** The password every checker profile sends when a login must fail. */
export const WRONG_PASSWORD = 'wrong-password-authmock-check';

/** Puts another login name wherever the body carries one (username and/or email). */
export function withLoginName(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const out = { ...body };
  if ('username' in out) out.username = name;
  if ('email' in out) out.email = name;
  return out;
}
