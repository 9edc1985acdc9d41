import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountsError, loadAccounts } from '../../src/check/accounts.js';
import { credentialSources, describeRoleSources, hasRole } from '../../src/check/api-profile.js';
import { builtinApis } from '../../src/check/check-command.js';
import { commerceCheckerProfile } from '../../src/check/profiles/commerce.js';
import { socialCheckerProfile } from '../../src/check/profiles/social.js';
import { expectedAccess } from '../../src/check/cases/permission-cases.js';
import type { Permission } from '../../src/core/types.js';
import { ROOT } from './support.js';

const fixtures = join(ROOT, 'fixtures');
const sources = credentialSources(builtinApis());

function credentialsFile(text: string, name = 'credentials.yaml'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'authmock-accounts-')), name);
  writeFileSync(file, text);
  return file;
}

describe('the accounts the checker logs in with', () => {
  it("are authmock's fixture accounts when nothing else is given", () => {
    const a = loadAccounts({ defaultFixturesDir: fixtures, env: {}, sources });
    expect(a.customer).toEqual({ username: 'roni_cost@example.com', password: 'roni_cost3@example.com', id: 1 });
    expect(a.lockout?.username).toBe('john.smith@example.com');
    expect(a.admin?.username).toBe('admin');
    expect(a.restrictedAdmin).toMatchObject({ username: 'catalog_manager', resources: ['Magento_Catalog::products'] });
    expect(a.social).toMatchObject({ username: 'jane.doe', email: 'jane@example.com' });
    expect(a.socialApp?.apiKey).toBe('demo-mobile-app');
  });

  it('come only from the credentials file and the environment once either is given', () => {
    const file = credentialsFile(
      'customer: {username: c@example.com, password: from-file}\nadmin: {username: root, password: from-file}\n',
    );
    const a = loadAccounts({
      defaultFixturesDir: fixtures,
      credentialsFile: file,
      env: { AUTHMOCK_ADMIN_PASSWORD: 'from-env', AUTHMOCK_SOCIAL_API_KEY: 'key', AUTHMOCK_SOCIAL_API_SECRET: 'secret' },
      sources,
    });
    expect(a.customer).toEqual({ username: 'c@example.com', password: 'from-file' });
    expect(a.admin).toEqual({ username: 'root', password: 'from-env' });
    expect(a.socialApp).toEqual({ apiKey: 'key', secretKey: 'secret' });
    expect(a.lockout).toBeUndefined();
    expect(hasRole(a, 'social', socialCheckerProfile)).toBe(false);
  });

  it('read JSON files too, and refuse unknown roles', () => {
    const json = credentialsFile('{"social": {"username": "u", "password": "p"}}', 'c.json');
    expect(loadAccounts({ defaultFixturesDir: fixtures, credentialsFile: json, env: {}, sources }).social).toEqual({
      username: 'u',
      password: 'p',
    });
    const bad = credentialsFile('superuser: {username: u, password: p}\n');
    expect(() => loadAccounts({ defaultFixturesDir: fixtures, credentialsFile: bad, env: {}, sources })).toThrow(AccountsError);
  });
});

describe('the roles the API profiles declare', () => {
  it('name where each role is configured, as the skip messages always did', () => {
    expect(describeRoleSources('customer', commerceCheckerProfile)).toBe('credentials `customer`, or AUTHMOCK_CUSTOMER_USERNAME/_PASSWORD');
    expect(describeRoleSources('restrictedAdmin', commerceCheckerProfile)).toBe(
      'credentials `restrictedAdmin`, or AUTHMOCK_RESTRICTED_ADMIN_USERNAME/_PASSWORD',
    );
    expect(describeRoleSources('social', socialCheckerProfile)).toBe(
      'credentials `social`, or AUTHMOCK_SOCIAL_USERNAME/_PASSWORD; and credentials `socialApp`, or AUTHMOCK_SOCIAL_API_KEY/_API_SECRET',
    );
  });

  it('read their extra fields from the environment by the declared names and types', () => {
    const a = loadAccounts({
      defaultFixturesDir: fixtures,
      env: { AUTHMOCK_CUSTOMER_ID: '7', AUTHMOCK_RESTRICTED_ADMIN_RESOURCES: 'A::a, B::b', AUTHMOCK_SOCIAL_EMAIL: 'e@example.com' },
      sources,
    });
    expect(a.customer).toEqual({ id: 7 });
    expect(a.restrictedAdmin).toEqual({ resources: ['A::a', 'B::b'] });
    expect(a.social).toEqual({ email: 'e@example.com' });
  });

  it('list every declared role and credential set when the credentials file names another', () => {
    const bad = credentialsFile('superuser: {username: u, password: p}\n');
    expect(() => loadAccounts({ defaultFixturesDir: fixtures, credentialsFile: bad, env: {}, sources })).toThrow(
      'unknown role "superuser" (known: customer, lockout, admin, restrictedAdmin, social, socialApp)',
    );
  });
});

describe('the permission matrix the spec data implies', () => {
  const accounts = loadAccounts({ defaultFixturesDir: fixtures, env: {}, sources });
  const acl: Permission = { kind: 'acl', resources: ['Magento_Customer::customer'] };

  it('serves ACL operations to admins whose role has the resources only', () => {
    expect(expectedAccess(acl, 'admin', accounts, commerceCheckerProfile)).toBe('success');
    expect(expectedAccess(acl, 'restrictedAdmin', accounts, commerceCheckerProfile)).toBe('denied');
    expect(
      expectedAccess({ kind: 'acl', resources: ['Magento_Catalog::products'] }, 'restrictedAdmin', accounts, commerceCheckerProfile),
    ).toBe('success');
    expect(expectedAccess(acl, 'customer', accounts, commerceCheckerProfile)).toBe('denied');
  });

  it('serves self operations to customers only, and anonymous ones to anybody', () => {
    expect(expectedAccess({ kind: 'self' }, 'customer', accounts, commerceCheckerProfile)).toBe('success');
    expect(expectedAccess({ kind: 'self' }, 'admin', accounts, commerceCheckerProfile)).toBe('rejected');
    expect(expectedAccess({ kind: 'self' }, 'garbage', accounts, commerceCheckerProfile)).toBe('denied');
    expect(expectedAccess({ kind: 'anonymous' }, 'garbage', accounts, commerceCheckerProfile)).toBe('success');
    expect(expectedAccess({ kind: 'token' }, 'customer', accounts, socialCheckerProfile)).toBe('denied');
  });
});
