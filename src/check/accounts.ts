import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface Login {
  username: string;
  password: string;
  /** social: the e-mail, when the login name may also travel under `email` */
  email?: string;
}

/** The accounts the checker logs in with. Every role is optional: cases needing a missing one are skipped. */
export interface Accounts {
  /** a commerce customer; `id` is found through /customers/me when not given */
  customer?: Login & { id?: number };
  /** a second commerce customer whose login is locked at the very end of the run */
  lockout?: Login;
  /** an admin whose role has every ACL resource */
  admin?: Login;
  /** an admin whose role lacks the spec's ACL resources (or has only `resources`) */
  restrictedAdmin?: Login & { resources?: string[] };
  social?: Login;
  socialApp?: { apiKey: string; secretKey: string };
}

export type AccountRole = 'customer' | 'lockout' | 'admin' | 'restrictedAdmin' | 'social';

/** Where each role can be configured, for skip messages and the docs. */
export const ROLE_SOURCES: Record<AccountRole | 'socialApp', string> = {
  customer: 'credentials `customer`, or AUTHMOCK_CUSTOMER_USERNAME/_PASSWORD',
  lockout: 'credentials `lockout`, or AUTHMOCK_LOCKOUT_USERNAME/_PASSWORD',
  admin: 'credentials `admin`, or AUTHMOCK_ADMIN_USERNAME/_PASSWORD',
  restrictedAdmin: 'credentials `restrictedAdmin`, or AUTHMOCK_RESTRICTED_ADMIN_USERNAME/_PASSWORD',
  social: 'credentials `social`, or AUTHMOCK_SOCIAL_USERNAME/_PASSWORD',
  socialApp: 'credentials `socialApp`, or AUTHMOCK_SOCIAL_API_KEY/_API_SECRET',
};

export class AccountsError extends Error {}

/**
 * Explicit credentials (a file, then environment variables) win field by field. The
 * fixtures are the starting point when asked for, or when nothing explicit is given:
 * that is what checking authmock itself needs.
 */
export function loadAccounts(options: { fixturesDir?: string; defaultFixturesDir: string; credentialsFile?: string; env: NodeJS.ProcessEnv }): Accounts {
  const fromEnv = readEnv(options.env);
  const explicit = options.credentialsFile !== undefined || Object.keys(fromEnv).length > 0;
  const fixturesDir = options.fixturesDir ?? (explicit ? undefined : options.defaultFixturesDir);
  let accounts: Accounts = fixturesDir ? readFixtures(fixturesDir) : {};
  if (options.credentialsFile) accounts = merge(accounts, readCredentialsFile(options.credentialsFile));
  return merge(accounts, fromEnv);
}

function merge(base: Accounts, over: Accounts): Accounts {
  const out: Record<string, unknown> = { ...base };
  for (const [role, value] of Object.entries(over)) out[role] = { ...(base as any)[role], ...value };
  return out as Accounts;
}

function readCredentialsFile(file: string): Accounts {
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8')); // YAML is a superset of JSON
  } catch (err) {
    throw new AccountsError(`cannot read credentials ${file}: ${(err as Error).message}`);
  }
  if (!doc || typeof doc !== 'object') throw new AccountsError(`credentials ${file} must be an object of roles`);
  const known = new Set(Object.keys(ROLE_SOURCES));
  for (const [role, value] of Object.entries(doc)) {
    if (!known.has(role)) throw new AccountsError(`credentials ${file}: unknown role "${role}" (known: ${[...known].join(', ')})`);
    if (!value || typeof value !== 'object') throw new AccountsError(`credentials ${file}: "${role}" must be an object`);
  }
  return doc as Accounts;
}

function readEnv(env: NodeJS.ProcessEnv): Accounts {
  const out: Record<string, Record<string, unknown>> = {};
  const set = (role: string, field: string, name: string, convert: (v: string) => unknown = (v) => v) => {
    const v = env[name];
    if (v !== undefined && v !== '') (out[role] ??= {})[field] = convert(v);
  };
  for (const [role, prefix] of [['customer', 'CUSTOMER'], ['lockout', 'LOCKOUT'], ['admin', 'ADMIN'], ['restrictedAdmin', 'RESTRICTED_ADMIN'], ['social', 'SOCIAL']]) {
    set(role, 'username', `AUTHMOCK_${prefix}_USERNAME`);
    set(role, 'password', `AUTHMOCK_${prefix}_PASSWORD`);
  }
  set('customer', 'id', 'AUTHMOCK_CUSTOMER_ID', Number);
  set('restrictedAdmin', 'resources', 'AUTHMOCK_RESTRICTED_ADMIN_RESOURCES', (v) => v.split(',').map((s) => s.trim()).filter(Boolean));
  set('social', 'email', 'AUTHMOCK_SOCIAL_EMAIL');
  set('socialApp', 'apiKey', 'AUTHMOCK_SOCIAL_API_KEY');
  set('socialApp', 'secretKey', 'AUTHMOCK_SOCIAL_API_SECRET');
  return out as Accounts;
}

/** The default accounts of authmock's fixtures (the README documents them too). */
function readFixtures(dir: string): Accounts {
  const read = (name: string): any => {
    const file = join(dir, name);
    if (!existsSync(file)) throw new AccountsError(`fixtures file ${file} is missing`);
    return parse(readFileSync(file, 'utf8')) ?? {};
  };
  const commerce = read('commerce.yaml');
  const social = read('social.yaml');
  const out: Accounts = {};
  const customers: any[] = commerce.customers ?? [];
  const asLogin = (c: any) => ({ username: String(c.record.email), password: String(c.password), id: Number(c.record.id) });
  if (customers[0]) out.customer = asLogin(customers[0]);
  if (customers[1]) out.lockout = asLogin(customers[1]);
  const roles = new Map<string, unknown>((commerce.roles ?? []).map((r: any) => [r.name, r.resources]));
  const admins: any[] = (commerce.admins ?? []).filter((a: any) => a.is_active !== false);
  const full = admins.find((a) => roles.get(a.role) === 'all');
  const limited = admins.find((a) => Array.isArray(roles.get(a.role)));
  if (full) out.admin = { username: full.username, password: String(full.password) };
  if (limited) out.restrictedAdmin = { username: limited.username, password: String(limited.password), resources: roles.get(limited.role) as string[] };
  const user = (social.users ?? []).find((u: any) => u.verified && u.approved);
  if (user) out.social = { username: user.profile.username, email: user.profile.email, password: String(user.password) };
  const app = (social.clientApps ?? [])[0];
  if (app) out.socialApp = { apiKey: app.apiKey, secretKey: String(app.secretKey) };
  return out;
}

/** Whether a role is usable (social logins also need the client app). */
export function hasRole(accounts: Accounts, role: AccountRole): boolean {
  const login = accounts[role];
  if (!login?.username || !login.password) return false;
  return role !== 'social' || !!(accounts.socialApp?.apiKey && accounts.socialApp.secretKey);
}
