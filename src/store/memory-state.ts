import type {
  AccessRecord,
  AuthorizationCode,
  Identity,
  LoginFailureEntry,
  NamespaceRecord,
  PutResult,
  RefreshState,
  RefreshToken,
  SigningKey,
  StoredObject,
  TokenRecord,
} from './store.js';

/** One namespace of the memory store. */
export interface NamespaceState {
  record: NamespaceRecord;
  /** `${api}\0${kind}\0${id}` -> identity */
  identities: Map<string, Identity>;
  /** `${api}\0${kind}\0${key}` -> id */
  keys: Map<string, string>;
  counters: Map<string, number>;
  /** `${api}\0${userType}\0${username}` -> count */
  failures: Map<string, LoginFailureEntry>;
  /** OAuth nonces, by consumer key and nonce */
  nonces: Set<string>;
  oauth: OAuthSpace;
  /** `${api}\0${collection}\0${parent}` -> the collection's objects */
  collections: Map<string, ObjectCollection>;
}

/** One collection of a user spec, in one parent. */
export interface ObjectCollection {
  api: string;
  collection: string;
  /** id -> object, in creation order */
  items: Map<string, StoredObject>;
  /** the largest integer id it has held */
  maxInteger: number;
}

/** A namespace's authorization-server state. */
export interface OAuthSpace {
  keys: Map<string, SigningKey>;
  /** code hash -> the code and whether it was taken */
  codes: Map<string, { code: AuthorizationCode; used: boolean }>;
  /** refresh token hash -> the token and its state */
  refresh: Map<string, { token: RefreshToken; state: RefreshState }>;
  /** family -> the hashes of its refresh tokens */
  families: Map<string, Set<string>>;
  /** revoked access token id -> when it expires */
  revoked: Map<string, number>;
  /** signed access token id -> its record, in signing order */
  issued: Map<string, AccessRecord>;
}

export function newOAuthSpace(): OAuthSpace {
  return { keys: new Map(), codes: new Map(), refresh: new Map(), families: new Map(), revoked: new Map(), issued: new Map() };
}

/** Everything the memory store keeps, shared by its parts (one per narrow interface). */
export interface MemoryState {
  spaces: Map<string, NamespaceState>;
  /** token id -> namespace and record; ids are global, as in the other stores */
  tokens: Map<number, { ns: string; record: TokenRecord }>;
  lastTokenId: number;
}

export const slot = (...parts: string[]) => parts.join('\0');

export function createMemoryState(): MemoryState {
  return { spaces: new Map(), tokens: new Map(), lastTokenId: 0 };
}

/** The namespace, or a bug: writes below a namespace need one (as in the other stores). */
export function spaceOf(state: MemoryState, ns: string): NamespaceState {
  const space = state.spaces.get(ns);
  if (!space) throw new Error(`namespace ${ns} does not exist`);
  return space;
}

/** Forgets a namespace and its tokens; true when it existed. */
export function dropSpace(state: MemoryState, ns: string): boolean {
  for (const [id, t] of state.tokens) if (t.ns === ns) state.tokens.delete(id);
  return state.spaces.delete(ns);
}

/** Writes an identity; `force` takes keys over from other identities (seeding) instead of refusing. */
export function writeIdentity(space: NamespaceState, identity: Identity, force: boolean): PutResult {
  const { api, kind, id } = identity;
  for (const key of identity.keys) {
    const owner = space.keys.get(slot(api, kind, key));
    if (owner !== undefined && owner !== id) {
      if (!force) return 'key-conflict';
      removeIdentity(space, api, kind, owner);
    }
  }
  removeIdentity(space, api, kind, id);
  space.identities.set(slot(api, kind, id), structuredClone(identity));
  for (const key of identity.keys) space.keys.set(slot(api, kind, key), id);
  return 'ok';
}

export function removeIdentity(space: NamespaceState, api: string, kind: string, id: string): boolean {
  const old = space.identities.get(slot(api, kind, id));
  if (!old) return false;
  for (const key of old.keys) space.keys.delete(slot(api, kind, key));
  return space.identities.delete(slot(api, kind, id));
}

export function copyRecord(r: NamespaceRecord): NamespaceRecord {
  return { ...r, settings: structuredClone(r.settings) };
}
