import type { Identity, Store } from '../../store/store.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { ApiKeyInput, ClientInput, UserInput } from './identity-inputs.js';

/**
 * A user spec's identities in the store: users (found by username), API keys (found by a
 * keyed digest of the key: the key itself is never stored) and OAuth clients (by client
 * id). Passwords and client secrets are kept only as digests.
 */

export const USER = 'user';
export const API_KEY = 'apiKey';
export const CLIENT = 'client';

export interface SpecUser {
  username: string;
  passwordDigest: Buffer;
  scopes: string[];
  claims: Record<string, unknown>;
}

export interface SpecApiKey {
  /** a short, stable id (the digest's start): the control API's and the journal's name for it */
  id: string;
  /** the key's first characters, to tell keys apart in a list */
  prefix: string;
  user?: string;
  scopes: string[];
}

export interface SpecClient {
  clientId: string;
  /** undefined: a public client */
  secretDigest?: Buffer;
  scopes: string[];
  grantTypes: string[];
  redirectUris: string[];
}

/** The lookup key of an API key: its keyed digest, so a stolen state file holds no usable key. */
export function keyDigest(secrets: SecretDigester, key: string): string {
  return secrets.digest(`api key:${key}`).toString('hex');
}

export function userIdentity(api: string, secrets: SecretDigester, u: UserInput): Identity {
  return {
    api,
    kind: USER,
    id: u.username,
    keys: [u.username],
    data: { username: u.username, passwordDigest: secrets.digest(u.password).toString('base64'), scopes: u.scopes, claims: u.claims },
  };
}

export function apiKeyIdentity(api: string, secrets: SecretDigester, k: ApiKeyInput): Identity {
  const digest = keyDigest(secrets, k.key);
  return {
    api,
    kind: API_KEY,
    id: digest.slice(0, 16),
    keys: [digest],
    data: { prefix: k.key.slice(0, 4), ...(k.user ? { user: k.user } : {}), scopes: k.scopes },
  };
}

export function clientIdentity(api: string, secrets: SecretDigester, c: ClientInput): Identity {
  return {
    api,
    kind: CLIENT,
    id: c.clientId,
    keys: [c.clientId],
    data: {
      clientId: c.clientId,
      ...(c.clientSecret !== undefined ? { secretDigest: secrets.digest(c.clientSecret).toString('base64') } : {}),
      scopes: c.scopes,
      grantTypes: c.grantTypes,
      redirectUris: c.redirectUris,
    },
  };
}

export function toUser(i: Identity): SpecUser {
  const d = i.data as { username: string; passwordDigest: string; scopes?: string[]; claims?: Record<string, unknown> };
  return { username: d.username, passwordDigest: Buffer.from(d.passwordDigest, 'base64'), scopes: d.scopes ?? [], claims: d.claims ?? {} };
}

export function toApiKey(i: Identity): SpecApiKey {
  const d = i.data as { prefix?: string; user?: string; scopes?: string[] };
  return { id: i.id, prefix: d.prefix ?? '', ...(d.user ? { user: d.user } : {}), scopes: d.scopes ?? [] };
}

/** clients converted from identities a read cache froze: the same stored client, the same object */
const clients = new WeakMap<Identity, SpecClient>();

export function toClient(i: Identity): SpecClient {
  const kept = clients.get(i);
  if (kept) return kept;
  const client = clientOf(i);
  if (Object.isFrozen(i)) clients.set(i, Object.freeze(client));
  return client;
}

function clientOf(i: Identity): SpecClient {
  const d = i.data as { clientId: string; secretDigest?: string; scopes?: string[]; grantTypes?: string[]; redirectUris?: string[] };
  return {
    clientId: d.clientId,
    ...(d.secretDigest ? { secretDigest: Buffer.from(d.secretDigest, 'base64') } : {}),
    scopes: d.scopes ?? [],
    grantTypes: d.grantTypes ?? [],
    redirectUris: d.redirectUris ?? [],
  };
}

/** One namespace's identities of one user spec. */
export function specIdentities(store: Store, ns: string, api: string) {
  return {
    async user(username: string): Promise<SpecUser | undefined> {
      const i = await store.identities.get({ ns, api, kind: USER, id: username });
      return i && toUser(i);
    },
    async apiKey(digest: string): Promise<SpecApiKey | undefined> {
      const i = await store.identities.find({ ns, api, kind: API_KEY, key: digest });
      return i && toApiKey(i);
    },
    async client(clientId: string): Promise<SpecClient | undefined> {
      const i = await store.identities.get({ ns, api, kind: CLIENT, id: clientId });
      return i && toClient(i);
    },
  };
}
