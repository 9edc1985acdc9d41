import type { ValidateFunction } from 'ajv';
import type { IdentityKind } from '../../pipeline/served-api.js';
import { IdentityInputError } from '../../pipeline/served-api.js';
import type { SecretDigester } from '../../auth/secrets.js';
import { appToIdentity, identityToApp, identityToUser, userToIdentity } from './identities.js';

const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;

function need(input: Record<string, unknown>, ...names: string[]): void {
  const missing = names.filter((n) => !nonEmpty(input[n]));
  if (missing.length)
    throw new IdentityInputError(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required (non-empty strings)`);
}

/**
 * Social users and client apps as the control API creates and changes them. A new user's
 * thumbnail points at `thumbnailBase` (the server's own address) unless one is given.
 */
export function socialIdentityKinds(
  secrets: SecretDigester,
  profileSchema: ValidateFunction,
  thumbnailBase: () => string,
): Record<string, IdentityKind> {
  const checkProfile = (profile: unknown) => {
    if (!profileSchema(profile)) {
      const e = profileSchema.errors?.[0];
      throw new IdentityInputError(`the profile does not match the social UserProfile schema: ${e?.instancePath || '/'} ${e?.message}`);
    }
  };
  const flag = (v: unknown, fallback: boolean) => (v === undefined ? fallback : v === true);
  const count = (v: unknown, fallback: number) => {
    if (v === undefined) return fallback;
    if (!Number.isInteger(v) || (v as number) < 0) throw new IdentityInputError('unreadCount must be a whole number, 0 or more');
    return v as number;
  };
  const users: IdentityKind = {
    kind: 'user',
    userType: 'social',
    lookupKey: (ref) => `u:${ref}`,
    async create(input, tools) {
      need(input, 'username', 'email', 'password');
      const userId = await tools.nextId();
      const username = String(input.username);
      const profile = {
        userId,
        email: String(input.email),
        username,
        gender: input.gender === undefined ? 'unknown' : String(input.gender),
        thumbnail:
          input.thumbnail === undefined
            ? `${thumbnailBase()}/socialapi/static/thumbs/${encodeURIComponent(username)}.png`
            : String(input.thumbnail),
      };
      checkProfile(profile);
      return userToIdentity({
        profile,
        passwordDigest: secrets.digest(String(input.password)),
        verified: flag(input.verified, true),
        approved: flag(input.approved, true),
        unreadCount: count(input.unreadCount, 0),
      });
    },
    update(current, patch) {
      const user = identityToUser(current);
      if (patch.password !== undefined) {
        need(patch, 'password');
        user.passwordDigest = secrets.digest(String(patch.password));
      }
      const profile = { ...user.profile };
      for (const field of ['email', 'username', 'gender', 'thumbnail'] as const)
        if (patch[field] !== undefined) profile[field] = String(patch[field]);
      checkProfile(profile);
      return userToIdentity({
        ...user,
        profile,
        verified: flag(patch.verified, user.verified),
        approved: flag(patch.approved, user.approved),
        unreadCount: count(patch.unreadCount, user.unreadCount),
      });
    },
    view(i) {
      const u = identityToUser(i);
      return { ...u.profile, verified: u.verified, approved: u.approved, unreadCount: u.unreadCount };
    },
  };
  const apps: IdentityKind = {
    kind: 'app',
    async create(input) {
      need(input, 'apiKey', 'secretKey');
      const apiKey = String(input.apiKey);
      return appToIdentity({
        apiKey,
        name: nonEmpty(input.name) ? String(input.name) : apiKey,
        secretDigest: secrets.digest(String(input.secretKey)),
      });
    },
    update(current, patch) {
      const app = identityToApp(current);
      if (patch.secretKey !== undefined) {
        need(patch, 'secretKey');
        app.secretDigest = secrets.digest(String(patch.secretKey));
      }
      if (nonEmpty(patch.name)) app.name = String(patch.name);
      return appToIdentity(app);
    },
    view(i) {
      const a = identityToApp(i);
      return { apiKey: a.apiKey, name: a.name };
    },
  };
  return { users, apps };
}
