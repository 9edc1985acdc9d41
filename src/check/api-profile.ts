import type { Accounts, AccountRole, Login } from './accounts.js';

/**
 * What the specs cannot say in data: which operation issues a role's token, how the
 * token comes back, which operation revokes, and how to tell that an answer is the
 * caller's own. Everything else the checker derives from the specs.
 */
export interface ApiProfile {
  api: string;
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

/** The password every checker profile sends when a login must fail. */
export const WRONG_PASSWORD = 'wrong-password-authmock-check';

/** Puts another login name wherever the body carries one (username and/or email). */
export function withLoginName(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const out = { ...body };
  if ('username' in out) out.username = name;
  if ('email' in out) out.email = name;
  return out;
}
