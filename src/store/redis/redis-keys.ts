/**
 * Where everything lives in Redis. A namespace's keys share the hash tag `{ns}`, so one
 * namespace's keys sit in one slot and its Lua scripts touch one slot only. Fields that
 * join several parts use NUL, which none of the parts can hold apart from the last.
 */
export const META_SECRET = 'am:meta:secret';
/** the global token id counter: ids are unique across namespaces and never reused */
export const META_TOKEN_ID = 'am:meta:token-id';
/** the global steering rule id counter: ids are never reused, so a copy of a deleted rule never matches a new one */
export const META_RULE_ID = 'am:meta:rule-id';
/** the set of namespace names */
export const NAMESPACES = 'am:namespaces';

export const SEP = '\0';

export interface NamespaceKeys {
  /**
   * hash: createdAt, clockOffsetMs, settings (JSON), seedHash, and epoch + version: a random
   * epoch set when the namespace is made, a version bumped by every write other processes
   * may keep a copy of (lua-helpers.ts BUMP_LUA)
   */
  record: string;
  /** hash: api NUL kind NUL id -> JSON {keys, data} */
  identities: string;
  /** hash: api NUL kind NUL key -> id */
  identityKeys: string;
  /** hash: counter name -> last value */
  counters: string;
  /** hash: token id -> JSON of the record without its id */
  tokens: string;
  /** sorted set: ids of expiring tokens, scored by expiresAt (for the sweep) */
  tokenExpiry: string;
  /** prefix of the per-user sets of token ids: `<prefix><api>:<userType>:<userId>` */
  userTokensPrefix: string;
  /** set: the names of the per-user sets, so dropping the namespace finds them */
  userTokenSets: string;
  /** hash: api NUL userType NUL username -> "failures lockExpiresAt" */
  failures: string;
  /** sorted set: failure fields scored by lockExpiresAt (for the sweep) */
  failureExpiry: string;
  /** set: consumer key NUL nonce */
  nonces: string;
  /** hash: signing keys (k:<kid> JSON, ka:<alg> active kid, kr:<kid> retiredAt, kl:<kid> longest lifetime) */
  oauthKeys: string;
  /** hash: codes (c:, cu:), refresh tokens (r:, rs:), families (f:), revoked access tokens (x:) */
  oauth: string;
  /** sorted set: the oauth fields (and retired keys, k:<kid>) scored by when they may go (for the sweep) */
  oauthExpiry: string;
  /** sorted set: the signed access tokens' records (JSON) scored by expiresAt, the latest ACCESS_RECORDS_KEPT */
  oauthAccess: string;
  /** stream: the request journal, an entry per batch of exchanges (src/journal/journal-scripts.ts) */
  journal: string;
  /** the id of the journal's last exchange: the counter that numbers them */
  journalSeq: string;
  /** hash: steering rule id -> JSON, id:left -> uses left, id:used -> uses (src/steering/redis-steering-rules.ts) */
  steering: string;
  /**
   * set: the collections (api NUL collection NUL parent) that hold objects or a counter;
   * each one's objects live under this name (collectionKeys), so a drop or a clear finds
   * them without SCAN
   */
  collections: string;
  /** hash: api NUL collection NUL parent -> the largest integer id it has held */
  collectionCounters: string;
}

export function namespaceKeys(ns: string): NamespaceKeys {
  const p = `am:{${ns}}:`;
  return {
    record: `${p}ns`,
    identities: `${p}identities`,
    identityKeys: `${p}identity-keys`,
    counters: `${p}counters`,
    tokens: `${p}tokens`,
    tokenExpiry: `${p}token-expiry`,
    userTokensPrefix: `${p}user-tokens:`,
    userTokenSets: `${p}user-token-sets`,
    failures: `${p}failures`,
    failureExpiry: `${p}failure-expiry`,
    nonces: `${p}nonces`,
    oauthKeys: `${p}oauth-keys`,
    oauth: `${p}oauth`,
    oauthExpiry: `${p}oauth-expiry`,
    oauthAccess: `${p}oauth-access`,
    journal: `${p}journal`,
    journalSeq: `${p}journal-seq`,
    steering: `${p}steering`,
    collections: `${p}collections`,
    collectionCounters: `${p}collection-counters`,
  };
}

/** A namespace's journal stream (names hold no `}`): emptied, never deleted, so its ids keep counting. */
export const isJournalKey = (key: string) => /^am:\{[^}]*\}:journal$/.test(key);
/** A journal's counter: kept when the journal is emptied, for the same reason. */
export const isJournalSeqKey = (key: string) => /^am:\{[^}]*\}:journal-seq$/.test(key);

/**
 * Every fixed key of a namespace, in the order the drop script expects them (the set of
 * user sets seventh, the set of collections fourteenth).
 */
export function fixedKeysOf(k: NamespaceKeys): string[] {
  return [
    k.record,
    k.identities,
    k.identityKeys,
    k.counters,
    k.tokens,
    k.tokenExpiry,
    k.userTokenSets,
    k.failures,
    k.failureExpiry,
    k.nonces,
    k.oauthKeys,
    k.oauth,
    k.oauthExpiry,
    k.collections,
    k.collectionCounters,
    k.oauthAccess,
  ];
}

export function userTokensKey(k: NamespaceKeys, api: string, userType: string, userId: string): string {
  return `${k.userTokensPrefix}${api}:${userType}:${userId}`;
}

export const identityField = (api: string, kind: string, idOrKey: string) => `${api}${SEP}${kind}${SEP}${idOrKey}`;
export const failureField = (api: string, userType: string, username: string) => `${api}${SEP}${userType}${SEP}${username}`;

/** One collection in one parent: its name in the set of collections, and its two keys. */
export interface CollectionKeys {
  /** api NUL collection NUL parent */
  slot: string;
  /** hash: id -> the owner's JSON (null: no one's), a newline, the object's JSON (redis-records.ts objectValue) */
  objects: string;
  /** sorted set: ids scored by creation order */
  order: string;
}

/** The keys of one collection in one parent; the Lua helpers build the same names (lua-helpers.ts COLLECTION_LUA). */
export function collectionKeys(k: NamespaceKeys, api: string, collection: string, parent: string): CollectionKeys {
  const slot = `${api}${SEP}${collection}${SEP}${parent}`;
  return { slot, objects: `${k.collections}:o:${slot}`, order: `${k.collections}:z:${slot}` };
}
