import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parseYaml as parse } from '../spec/parse-yaml.js';

export interface Login {
  username: string;
  password: string;
  /** social: the e-mail, when the login name may also travel under `email` */
  email?: string;
}

/** One named set of credentials: a role's login (plus e.g. a customer `id`), or a client app's keys. */
export interface Credentials {
  username?: string;
  password?: string;
  email?: string;
  /** the account's numeric id; found through the profile's idLookup when not given */
  id?: number;
  /** some-resources roles: the ACL resources the account's role has */
  resources?: string[];
  [field: string]: unknown;
}

/**
 * The accounts the checker logs in with, by role or credential set name (`customer`,
 * `socialApp`). Every one is optional: cases needing a missing one are skipped.
 */
export type Accounts = Record<string, Credentials | undefined>;

/** A role's name, as its API's checker profile declares it. */
export type AccountRole = string;

/** One field of a credential set as an environment variable: AUTHMOCK_<prefix>_<env>. */
export interface EnvField {
  env: string;
  /** the set is unusable without it (these are named in skip messages) */
  required?: boolean;
  /** `number`: a whole number; `list`: comma-separated */
  parse?: 'number' | 'list';
}

/** Where a credential set is configured: the credentials file under its name, variables, fixtures. */
export interface CredentialSet {
  /** AUTHMOCK_<envPrefix>_<field> (`CUSTOMER`, `RESTRICTED_ADMIN`) */
  envPrefix: string;
  fields: Readonly<Record<string, EnvField>>;
  /** the set as the module's fixture document holds it: what checking authmock itself needs */
  fromFixtures?(doc: any): Credentials | undefined;
}

/** One API's credential sets and the fixture file its defaults are read from. */
export interface CredentialSource {
  /** a file name inside the fixtures directory, or an absolute path */
  fixtureFile?: string;
  sets: Readonly<Record<string, CredentialSet>>;
}

export class AccountsError extends Error {}

/** Where a set can be configured, for skip messages: `credentials \`customer\`, or AUTHMOCK_CUSTOMER_USERNAME/_PASSWORD`. */
export function describeSource(name: string, set: CredentialSet): string {
  const required = Object.values(set.fields)
    .filter((f) => f.required)
    .map((f) => f.env);
  const vars = required.length ? `AUTHMOCK_${set.envPrefix}_${required.join('/_')}` : `AUTHMOCK_${set.envPrefix}_*`;
  return `credentials \`${name}\`, or ${vars}`;
}

/** Whether a set has every required field. */
export function isComplete(creds: Credentials | undefined, set: CredentialSet): boolean {
  return !!creds && Object.entries(set.fields).every(([field, f]) => !f.required || (creds[field] !== undefined && creds[field] !== ''));
}

/**
 * Explicit credentials (a file, then environment variables) win field by field. The
 * fixtures are the starting point when asked for, or when nothing explicit is given:
 * that is what checking authmock itself needs.
 */
export function loadAccounts(options: {
  fixturesDir?: string;
  defaultFixturesDir: string;
  credentialsFile?: string;
  env: NodeJS.ProcessEnv;
  sources: readonly CredentialSource[];
}): Accounts {
  const sets = Object.assign({}, ...options.sources.map((s) => s.sets)) as Record<string, CredentialSet>;
  const fromEnv = readEnv(options.env, sets);
  const explicit = options.credentialsFile !== undefined || Object.keys(fromEnv).length > 0;
  const fixturesDir = options.fixturesDir ?? (explicit ? undefined : options.defaultFixturesDir);
  let accounts: Accounts = fixturesDir ? readFixtures(fixturesDir, options.sources) : {};
  if (options.credentialsFile) accounts = merge(accounts, readCredentialsFile(options.credentialsFile, Object.keys(sets)));
  return merge(accounts, fromEnv);
}

function merge(base: Accounts, over: Accounts): Accounts {
  const out: Accounts = { ...base };
  for (const [name, value] of Object.entries(over)) out[name] = { ...base[name], ...value };
  return out;
}

function readCredentialsFile(file: string, names: string[]): Accounts {
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8')); // YAML is a superset of JSON
  } catch (err) {
    throw new AccountsError(`cannot read credentials ${file}: ${(err as Error).message}`);
  }
  if (!doc || typeof doc !== 'object') throw new AccountsError(`credentials ${file} must be an object of roles`);
  for (const [role, value] of Object.entries(doc)) {
    if (!names.includes(role)) throw new AccountsError(`credentials ${file}: unknown role "${role}" (known: ${names.join(', ')})`);
    if (!value || typeof value !== 'object') throw new AccountsError(`credentials ${file}: "${role}" must be an object`);
  }
  return doc as Accounts;
}

function readEnv(env: NodeJS.ProcessEnv, sets: Record<string, CredentialSet>): Accounts {
  const out: Accounts = {};
  for (const [name, set] of Object.entries(sets)) {
    for (const [field, f] of Object.entries(set.fields)) {
      const v = env[`AUTHMOCK_${set.envPrefix}_${f.env}`];
      if (v !== undefined && v !== '') (out[name] ??= {})[field] = convert(v, f.parse);
    }
  }
  return out;
}

function convert(v: string, kind: EnvField['parse']): unknown {
  if (kind === 'number') return Number(v);
  if (kind === 'list')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}

/** Each module's default accounts, read from its own fixture document (docs/built-in-apis.md documents them too). */
function readFixtures(dir: string, sources: readonly CredentialSource[]): Accounts {
  const out: Accounts = {};
  for (const source of sources) {
    const readers = Object.entries(source.sets).filter(([, set]) => set.fromFixtures);
    if (!source.fixtureFile || readers.length === 0) continue;
    const file = isAbsolute(source.fixtureFile) ? source.fixtureFile : join(dir, source.fixtureFile);
    if (!existsSync(file)) throw new AccountsError(`fixtures file ${file} is missing`);
    const doc = parse(readFileSync(file, 'utf8')) ?? {};
    for (const [name, set] of readers) {
      const creds = set.fromFixtures!(doc);
      if (creds) out[name] = creds;
    }
  }
  return out;
}
