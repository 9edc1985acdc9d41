import type { Identity } from '../../store/store.js';
import type { ModuleSetup } from '../api-module.js';
import { checkFixture, requireFixture } from '../../fixtures/fixture-error.js';
import { expandThumbnail } from './expand-thumbnails.js';
import { appToIdentity, userToIdentity, type ClientApp, type SocialUser } from './identities.js';

export interface SocialFixtures {
  seed: Identity[];
  usernames: string[];
  apiKeys: string[];
}

/**
 * Reads `social.yaml`: client apps and users. Every user profile is checked against the
 * spec's UserProfile schema; passwords and secrets are kept only as digests.
 */
export function loadSocialFixtures(setup: ModuleSetup): SocialFixtures {
  const file = setup.fixtureFile;
  const doc = (setup.fixtures ?? {}) as any;
  const profileSchema = setup.schema('UserProfile');
  const apps: ClientApp[] = (doc.clientApps ?? []).map((a: any, i: number) => {
    requireFixture(
      typeof a?.apiKey === 'string' && typeof a.secretKey === 'string',
      file,
      `clientApps[${i}]`,
      'needs apiKey and secretKey',
    );
    return { apiKey: a.apiKey, name: a.name ?? a.apiKey, secretDigest: setup.secrets.digest(a.secretKey) };
  });
  const users: SocialUser[] = (doc.users ?? []).map((u: any, i: number) => {
    const where = `users[${i}]`;
    requireFixture(typeof u?.password === 'string', file, where, 'needs a password');
    // checked as answered, with {baseUrl} standing for an address
    checkFixture(
      profileSchema,
      { ...u.profile, thumbnail: expandThumbnail(String(u.profile?.thumbnail ?? ''), 'http://127.0.0.1') },
      file,
      `${where}.profile`,
    );
    return {
      profile: u.profile,
      passwordDigest: setup.secrets.digest(u.password),
      verified: u.verified === true,
      approved: u.approved === true,
      unreadCount: Number.isInteger(u.unreadNotifications) ? u.unreadNotifications : 0,
    };
  });
  return {
    seed: [...apps.map(appToIdentity), ...users.map(userToIdentity)],
    usernames: users.map((u) => u.profile.username),
    apiKeys: apps.map((a) => a.apiKey),
  };
}
