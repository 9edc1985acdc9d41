import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface Credentials {
  username: string;
  password: string;
}

export interface SocialUser extends Credentials {
  email: string;
  /** verified and approved: a right password gets a token */
  canLogIn: boolean;
}

/** The default accounts (docs/built-in-apis.md, "Default accounts"), read from the fixtures they come from. */
export interface FuzzAccounts {
  customers: Credentials[];
  admins: Credentials[];
  clientApps: { apiKey: string; secretKey: string }[];
  socialUsers: SocialUser[];
  /** store codes the commerce API accepts in /rest/<code>/V1/... */
  storeCodes: string[];
}

export function loadAccounts(root: string): FuzzAccounts {
  const read = (name: string) => parse(readFileSync(join(root, 'fixtures', `${name}.yaml`), 'utf8')) as any;
  const commerce = read('commerce');
  const social = read('social');
  return {
    customers: commerce.customers.map((c: any) => ({ username: c.record.email, password: c.password })),
    admins: commerce.admins.map((a: any) => ({ username: a.username, password: a.password })),
    clientApps: social.clientApps.map((a: any) => ({ apiKey: a.apiKey, secretKey: a.secretKey })),
    socialUsers: social.users.map((u: any) => ({
      username: u.profile.username,
      email: u.profile.email,
      password: u.password,
      canLogIn: !!(u.verified && u.approved),
    })),
    storeCodes: [...new Set(['default', 'all', ...commerce.stores.map((s: any) => s.code as string)])],
  };
}

/** Every password and client secret of the fixtures: none may ever appear in an answer. */
export function listSecrets(accounts: FuzzAccounts): string[] {
  return [
    ...accounts.customers.map((c) => c.password),
    ...accounts.admins.map((a) => a.password),
    ...accounts.socialUsers.map((u) => u.password),
    ...accounts.clientApps.map((a) => a.secretKey),
  ];
}
