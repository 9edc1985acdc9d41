import fc from 'fast-check';
import type { ApiName } from './api-model.js';
import type { FuzzAccounts } from './load-accounts.js';
import { arbitraryNastyString } from './arbitrary-junk.js';

type Fields = Record<string, unknown>;

/**
 * Login bodies built from the default accounts: right and wrong passwords, the other
 * user type's credentials, unknown names with a real password (which must not be echoed).
 */
export function arbitraryCredentials(api: ApiName, operationId: string, accounts: FuzzAccounts): fc.Arbitrary<Fields> {
  if (api === 'social') return arbitrarySocialCredentials(accounts);
  const own = operationId === 'createAdminAccessToken' ? accounts.admins : accounts.customers;
  const other = operationId === 'createAdminAccessToken' ? accounts.customers : accounts.admins;
  const secrets = [...accounts.customers, ...accounts.admins].map((c) => c.password);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...own).map((c) => ({ username: c.username, password: c.password })), weight: 6 },
    { arbitrary: fc.constantFrom(...other).map((c) => ({ username: c.username, password: c.password })), weight: 1 },
    { arbitrary: fc.record({ username: arbitraryUnknownName, password: fc.constantFrom(...secrets) }), weight: 2 },
    { arbitrary: fc.record({ username: arbitraryUnknownName, password: arbitraryPassword }), weight: 3 },
  );
}

function arbitrarySocialCredentials(accounts: FuzzAccounts): fc.Arbitrary<Fields> {
  const app = fc.oneof(
    { arbitrary: fc.constantFrom(...accounts.clientApps), weight: 8 },
    {
      arbitrary: fc.record({ apiKey: fc.constantFrom(...accounts.clientApps.map((a) => a.apiKey)), secretKey: arbitraryPassword }),
      weight: 1,
    },
    {
      arbitrary: fc.record({ apiKey: arbitraryUnknownName, secretKey: fc.constantFrom(...accounts.clientApps.map((a) => a.secretKey)) }),
      weight: 1,
    },
  );
  const loginName = fc.constantFrom('username', 'email', 'both');
  const user = fc.oneof(
    { arbitrary: knownUser(accounts.socialUsers.filter((u) => u.canLogIn)), weight: 6 },
    { arbitrary: knownUser(accounts.socialUsers.filter((u) => !u.canLogIn)), weight: 2 },
    {
      arbitrary: fc.record({ name: arbitraryUnknownName, password: fc.constantFrom(...accounts.socialUsers.map((u) => u.password)) }),
      weight: 2,
    },
    { arbitrary: fc.record({ name: arbitraryUnknownName, password: arbitraryPassword }), weight: 2 },
  );
  return fc
    .tuple(app, loginName, user, fc.option(fc.oneof(fc.constant('12'), fc.integer()), { nil: undefined }))
    .map(([a, key, u, clientId]) => {
      const fields: Fields = {};
      if (key !== 'email') fields.username = u.name;
      if (key !== 'username') fields.email = u.name;
      Object.assign(fields, { password: u.password, apiKey: a.apiKey, secretKey: a.secretKey });
      if (clientId !== undefined) fields.clientId = clientId;
      return fields;
    });
}

const knownUser = (users: FuzzAccounts['socialUsers']) =>
  fc
    .constantFrom(...users)
    .chain((u) => fc.record({ name: fc.constantFrom(u.username, u.email, u.email.toUpperCase()), password: fc.constant(u.password) }));

const arbitraryUnknownName = fc.oneof(
  fc.stringMatching(/^fuzz\.[a-z0-9]{1,12}(@example\.com)?$/),
  arbitraryNastyString.map((s) => `fuzz-${s}`),
);
const arbitraryPassword = fc.oneof(fc.stringMatching(/^fuzz-pw-[A-Za-z0-9]{4,24}$/), arbitraryNastyString);

/**
 * A default account's login name with anything but its own password counts a failure,
 * and six lock it: the token pool could then no longer log in. Such names are renamed.
 * Names compare lower-cased and trimmed, as the lockout keys them.
 */
export function protectAccounts(api: ApiName, fields: unknown, accounts: FuzzAccounts): void {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return;
  const f = fields as Fields;
  const known = new Map<string, string>();
  if (api === 'commerce') for (const c of [...accounts.customers, ...accounts.admins]) known.set(c.username.toLowerCase(), c.password);
  else for (const u of accounts.socialUsers) for (const n of [u.username, u.email]) known.set(n.toLowerCase(), u.password);
  for (const key of ['username', 'email']) {
    const name = f[key];
    if (typeof name !== 'string') continue;
    const password = known.get(name.trim().toLowerCase());
    if (password !== undefined && f.password !== password) f[key] = `fuzz.renamed.${name.length}`;
  }
}
