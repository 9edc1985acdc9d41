import type { Identity, IdentityStore } from '../../store/store.js';
import type { Services } from '../../pipeline/stages.js';

export const API = 'social';

export interface SocialProfile {
  userId: number;
  email: string;
  username: string;
  gender: string;
  thumbnail: string;
}

export interface SocialUser {
  profile: SocialProfile;
  passwordDigest: Buffer;
  verified: boolean;
  approved: boolean;
  /** answered as `count`, a string */
  unreadCount: number;
}

export interface ClientApp {
  apiKey: string;
  name: string;
  secretDigest: Buffer;
}

// A login name is a username (as written) or an e-mail (any case): both are keys, kept apart.
const usernameKey = (name: string) => `u:${name}`;
const emailKey = (email: string) => `e:${email.toLowerCase()}`;

export function userToIdentity(u: SocialUser): Identity {
  return {
    api: API,
    kind: 'user',
    id: String(u.profile.userId),
    keys: [usernameKey(u.profile.username), emailKey(u.profile.email)],
    data: {
      profile: u.profile,
      passwordDigest: u.passwordDigest.toString('base64'),
      verified: u.verified,
      approved: u.approved,
      unreadCount: u.unreadCount,
    },
  };
}

export function identityToUser(i: Identity): SocialUser {
  const d = i.data as { profile: SocialProfile; passwordDigest: string; verified: boolean; approved: boolean; unreadCount: number };
  return {
    profile: d.profile,
    passwordDigest: Buffer.from(d.passwordDigest, 'base64'),
    verified: d.verified,
    approved: d.approved,
    unreadCount: d.unreadCount,
  };
}

export function appToIdentity(a: ClientApp): Identity {
  return {
    api: API,
    kind: 'app',
    id: a.apiKey,
    keys: [a.apiKey],
    data: { apiKey: a.apiKey, name: a.name, secretDigest: a.secretDigest.toString('base64') },
  };
}

export function identityToApp(i: Identity): ClientApp {
  const d = i.data as { apiKey: string; name: string; secretDigest: string };
  return { apiKey: d.apiKey, name: d.name, secretDigest: Buffer.from(d.secretDigest, 'base64') };
}

/** Reads of the social identities of one namespace. */
/** Reads of the social identities of one namespace. */
export function socialIdentities(services: Pick<Services, 'store'>, ns: string): SocialIdentities {
  return new SocialIdentities(services.store.identities, ns);
}

/** A class, not an object of closures: a login makes one, and its methods are shared. */
export class SocialIdentities {
  constructor(
    private readonly identities: IdentityStore,
    private readonly ns: string,
  ) {}

  async userById(id: number): Promise<SocialUser | undefined> {
    const i = await this.identities.get({ ns: this.ns, api: API, kind: 'user', id: String(id) });
    return i && identityToUser(i);
  }

  /** the login name matches a username, or an e-mail case-insensitively */
  async userByLoginName(name: string): Promise<SocialUser | undefined> {
    const i = (await this.userByKey(usernameKey(name))) ?? (await this.userByKey(emailKey(name)));
    return i && identityToUser(i);
  }

  async app(apiKey: string): Promise<ClientApp | undefined> {
    const i = await this.identities.get({ ns: this.ns, api: API, kind: 'app', id: apiKey });
    return i && identityToApp(i);
  }

  private userByKey(key: string): Promise<Identity | undefined> {
    return this.identities.find({ ns: this.ns, api: API, kind: 'user', key });
  }
}
