import { randomBytes } from 'node:crypto';
import type { Identity } from '../../store/store.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { IdentityKind } from '../../pipeline/served-api.js';
import { IdentityInputError } from '../../pipeline/served-api.js';
import { FixtureError } from '../../fixtures/fixture-error.js';
import { readApiKey, readClient, readUser } from './identity-file.js';
import { Reader } from './identity-reader.js';
import { apiKeyIdentity, clientIdentity, keyDigest, toApiKey, toClient, toUser, USER, userIdentity } from './spec-identities.js';
import { GENERATED } from '../../pipeline/namespaces.js';

/** The control API's input is read as the identity file is: the same fields, unknown keys refused. */
function readInput<T>(read: (at: Reader) => T): T {
  try {
    return read(new Reader('the request'));
  } catch (err) {
    if (err instanceof FixtureError) throw new IdentityInputError(err.message.replace(/^the request /, ''));
    throw err;
  }
}

/** A secret nobody chose: shown once, in the 201. */
const generated = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/**
 * A user spec's users, API keys and OAuth clients, as `/__authmock/identities/<name>/users`,
 * `/api-keys` and `/clients` create, show and delete them. Secrets are shown once, at
 * creation, and never again; an API key is found by the key itself or by its id.
 */
export function specIdentityKinds(api: string, secrets: SecretDigester): Record<string, IdentityKind> {
  const users: IdentityKind = {
    kind: 'user',
    userType: 'user',
    async create(input) {
      const u = readInput((at) => readUser(at, input, ''));
      return { identity: userIdentity(api, secrets, u) };
    },
    update(current, patch) {
      const u = toUser(current);
      const merged = readInput((at) =>
        readUser(
          at,
          {
            username: u.username,
            password: patch.password ?? 'unchanged',
            scopes: patch.scopes ?? u.scopes,
            claims: patch.claims ?? u.claims,
          },
          '',
        ),
      );
      const next = userIdentity(api, secrets, merged);
      if (patch.password === undefined) next.data.passwordDigest = current.data.passwordDigest;
      return next;
    },
    view(identity) {
      const u = toUser(identity);
      return { username: u.username, scopes: u.scopes, claims: u.claims };
    },
  };
  const apiKeys: IdentityKind = {
    kind: 'apiKey',
    lookupKey: (ref) => keyDigest(secrets, ref),
    async create(input, tools) {
      const k = readInput((at) => readApiKey(at, input, '', true));
      // a key acts as its user: one for nobody would be refused on every request
      if (k.user && !(await tools.exists(USER, k.user)))
        throw new IdentityInputError(`user: ${api} has no user ${k.user}; create the user first (or leave user out: a key of its own)`);
      const key = k.key || generated('');
      return { identity: apiKeyIdentity(api, secrets, { ...k, key }), reveal: { key } };
    },
    update(current, patch) {
      const k = toApiKey(current);
      const scopes = readInput((at) => at.strings(patch.scopes ?? k.scopes, 'scopes'));
      // a generated key the user changed is theirs now: an identity file written later keeps it (as an updated user or client)
      const { [GENERATED]: _generated, ...data } = current.data;
      return { ...current, data: { ...data, scopes } } satisfies Identity;
    },
    view(identity) {
      const k = toApiKey(identity);
      return { id: k.id, prefix: k.prefix, ...(k.user ? { user: k.user } : {}), scopes: k.scopes };
    },
  };
  const clients: IdentityKind = {
    kind: 'client',
    userType: 'client',
    async create(input) {
      const { public: isPublic, ...fields } = input;
      const c = readInput((at) => readClient(at, fields, ''));
      if (isPublic && c.clientSecret !== undefined) readInput((at) => at.fail('clientSecret', 'a public client has no secret'));
      const clientSecret = isPublic ? undefined : (c.clientSecret ?? generated(''));
      return {
        identity: clientIdentity(api, secrets, { ...c, clientSecret }),
        ...(clientSecret && !c.clientSecret ? { reveal: { clientSecret } } : {}),
      };
    },
    update(current, patch) {
      const c = toClient(current);
      const merged = readInput((at) =>
        readClient(
          at,
          {
            clientId: c.clientId,
            scopes: patch.scopes ?? c.scopes,
            grantTypes: patch.grantTypes ?? c.grantTypes,
            redirectUris: patch.redirectUris ?? c.redirectUris,
          },
          '',
        ),
      );
      const next = clientIdentity(api, secrets, merged);
      if (current.data.secretDigest !== undefined) next.data.secretDigest = current.data.secretDigest;
      return next;
    },
    view(identity) {
      const c = toClient(identity);
      return {
        clientId: c.clientId,
        public: c.secretDigest === undefined,
        scopes: c.scopes,
        grantTypes: c.grantTypes,
        redirectUris: c.redirectUris,
      };
    },
  };
  return { users, 'api-keys': apiKeys, clients };
}
