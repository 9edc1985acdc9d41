import { randomBytes } from 'node:crypto';
import type {
  Identity,
  LoginFailureEntry,
  LoginFailures,
  NamespaceRecord,
  NamespaceSettings,
  PutResult,
  Store,
  StoreStats,
  SweepResult,
  TokenRecord,
} from './store.js';

interface NamespaceState {
  record: NamespaceRecord;
  /** `${api}\0${kind}\0${id}` -> identity */
  identities: Map<string, Identity>;
  /** `${api}\0${kind}\0${key}` -> id */
  keys: Map<string, string>;
  counters: Map<string, number>;
  failures: Map<string, LoginFailureEntry>;
  /** OAuth nonces, by consumer key and nonce */
  nonces: Set<string>;
}

const slot = (...parts: string[]) => parts.join('\0');

/** Keeps nothing across restarts: `--state memory` and most tests. Values are copied in and out. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  readonly secretKey = randomBytes(32);
  private readonly namespaces = new Map<string, NamespaceState>();
  /** token id -> namespace and record; ids are global, as in the other stores */
  private readonly tokens = new Map<number, { ns: string; record: TokenRecord }>();
  private lastTokenId = 0;

  async getNamespace(ns: string): Promise<NamespaceRecord | undefined> {
    const state = this.namespaces.get(ns);
    return state && copyRecord(state.record);
  }

  async createNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    const existing = this.namespaces.get(ns);
    if (existing) return copyRecord(existing.record);
    return this.seed(ns, seed, seedHash, now);
  }

  async resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    this.drop(ns);
    return this.seed(ns, seed, seedHash, now);
  }

  async reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void> {
    const state = this.namespaces.get(ns);
    if (!state) return;
    for (const identity of seed) this.write(state, identity, true);
    state.record.seedHash = seedHash;
  }

  private seed(ns: string, seed: readonly Identity[], seedHash: string, now: number): NamespaceRecord {
    const state: NamespaceState = {
      record: { name: ns, createdAt: now, clockOffsetMs: 0, settings: {}, seedHash },
      identities: new Map(),
      keys: new Map(),
      counters: new Map(),
      failures: new Map(),
      nonces: new Set(),
    };
    for (const identity of seed) this.write(state, identity, true);
    this.namespaces.set(ns, state);
    return copyRecord(state.record);
  }

  private drop(ns: string): boolean {
    for (const [id, t] of this.tokens) if (t.ns === ns) this.tokens.delete(id);
    return this.namespaces.delete(ns);
  }

  async updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined> {
    const state = this.namespaces.get(ns);
    if (!state) return undefined;
    if (patch.clockOffsetMs !== undefined) state.record.clockOffsetMs = patch.clockOffsetMs;
    if (patch.settings !== undefined) state.record.settings = structuredClone(patch.settings);
    return copyRecord(state.record);
  }

  async deleteNamespace(ns: string): Promise<boolean> {
    return this.drop(ns);
  }

  async listNamespaces(): Promise<NamespaceRecord[]> {
    return [...this.namespaces.values()].map((s) => copyRecord(s.record));
  }

  async getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined> {
    const found = this.namespaces.get(ns)?.identities.get(slot(api, kind, id));
    return found && structuredClone(found);
  }

  async findIdentity(ns: string, api: string, kind: string, key: string): Promise<Identity | undefined> {
    const state = this.namespaces.get(ns);
    const id = state?.keys.get(slot(api, kind, key));
    const found = id === undefined ? undefined : state!.identities.get(slot(api, kind, id));
    return found && structuredClone(found);
  }

  async listIdentities(ns: string, api: string, kind: string): Promise<Identity[]> {
    const state = this.namespaces.get(ns);
    if (!state) return [];
    return [...state.identities.values()].filter((i) => i.api === api && i.kind === kind).map((i) => structuredClone(i));
  }

  async putIdentity(ns: string, identity: Identity): Promise<PutResult> {
    const state = this.namespaces.get(ns);
    if (!state) throw new Error(`namespace ${ns} does not exist`);
    return this.write(state, identity, false);
  }

  private write(state: NamespaceState, identity: Identity, force: boolean): PutResult {
    const { api, kind, id } = identity;
    for (const key of identity.keys) {
      const owner = state.keys.get(slot(api, kind, key));
      if (owner !== undefined && owner !== id) {
        if (!force) return 'key-conflict';
        this.remove(state, api, kind, owner);
      }
    }
    this.remove(state, api, kind, id);
    state.identities.set(slot(api, kind, id), structuredClone(identity));
    for (const key of identity.keys) state.keys.set(slot(api, kind, key), id);
    return 'ok';
  }

  private remove(state: NamespaceState, api: string, kind: string, id: string): boolean {
    const old = state.identities.get(slot(api, kind, id));
    if (!old) return false;
    for (const key of old.keys) state.keys.delete(slot(api, kind, key));
    return state.identities.delete(slot(api, kind, id));
  }

  async deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean> {
    const state = this.namespaces.get(ns);
    return !!state && this.remove(state, api, kind, id);
  }

  async nextId(ns: string, counter: string, atLeast: number): Promise<number> {
    const state = this.namespaces.get(ns);
    if (!state) throw new Error(`namespace ${ns} does not exist`);
    const next = Math.max((state.counters.get(counter) ?? 0) + 1, atLeast);
    state.counters.set(counter, next);
    return next;
  }

  async saveToken(ns: string, record: Omit<TokenRecord, 'id'>): Promise<number> {
    const id = ++this.lastTokenId;
    this.tokens.set(id, { ns, record: { ...record, id } });
    return id;
  }

  async findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined> {
    const found = this.tokens.get(id);
    return found && found.ns === ns && found.record.api === api ? { ...found.record } : undefined;
  }

  async listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]> {
    const out: TokenRecord[] = [];
    for (const { ns: owner, record: r } of this.tokens.values()) {
      if (owner !== ns) continue;
      if (filter.api !== undefined && r.api !== filter.api) continue;
      if (filter.userType !== undefined && r.userType !== filter.userType) continue;
      if (filter.userId !== undefined && r.userId !== filter.userId) continue;
      out.push({ ...r });
    }
    return out;
  }

  async revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number> {
    let n = 0;
    for (const [id, t] of this.tokens) {
      const r = t.record;
      if (t.ns === ns && r.api === api && r.userType === userType && r.userId === userId) {
        this.tokens.delete(id);
        n++;
      }
    }
    return n;
  }

  async revokeToken(ns: string, api: string, id: number): Promise<boolean> {
    const found = this.tokens.get(id);
    return !!found && found.ns === ns && found.record.api === api && this.tokens.delete(id);
  }

  async getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined> {
    const found = this.namespaces.get(ns)?.failures.get(slot(api, userType, username));
    return found && { failures: found.failures, lockExpiresAt: found.lockExpiresAt };
  }

  async recordLoginFailure(
    ns: string,
    api: string,
    userType: string,
    username: string,
    now: number,
    lockMs: number,
  ): Promise<LoginFailures> {
    const state = this.namespaces.get(ns);
    if (!state) throw new Error(`namespace ${ns} does not exist`);
    const key = slot(api, userType, username);
    const previous = state.failures.get(key);
    const failures = previous && previous.lockExpiresAt > now ? previous.failures + 1 : 1;
    const entry = { api, userType, username, failures, lockExpiresAt: now + lockMs };
    state.failures.set(key, entry);
    return { failures, lockExpiresAt: entry.lockExpiresAt };
  }

  async clearLoginFailures(ns: string, api: string, userType: string, username: string): Promise<boolean> {
    return this.namespaces.get(ns)?.failures.delete(slot(api, userType, username)) ?? false;
  }

  async listLoginFailures(ns: string): Promise<LoginFailureEntry[]> {
    return [...(this.namespaces.get(ns)?.failures.values() ?? [])].map((f) => ({ ...f }));
  }

  async clearAllLoginFailures(ns: string): Promise<number> {
    const failures = this.namespaces.get(ns)?.failures;
    const n = failures?.size ?? 0;
    failures?.clear();
    return n;
  }

  async rememberNonce(ns: string, consumerKey: string, nonce: string, _timestamp: number): Promise<boolean> {
    const state = this.namespaces.get(ns);
    if (!state) throw new Error(`no namespace ${ns}`);
    const key = slot(consumerKey, nonce);
    if (state.nonces.has(key)) return false;
    state.nonces.add(key);
    return true;
  }

  async sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult> {
    const done: SweepResult = { tokens: 0, failures: 0 };
    for (const [id, t] of this.tokens) {
      if (done.tokens >= limit) return done;
      if ((ns === undefined || t.ns === ns) && t.record.expiresAt !== null && t.record.expiresAt <= now) {
        this.tokens.delete(id);
        done.tokens++;
      }
    }
    for (const [name, state] of this.namespaces) {
      if (ns !== undefined && name !== ns) continue;
      for (const [key, f] of state.failures) {
        if (done.tokens + done.failures >= limit) return done;
        if (f.lockExpiresAt <= now) {
          state.failures.delete(key);
          done.failures++;
        }
      }
    }
    return done;
  }

  async stats(): Promise<StoreStats> {
    let identities = 0;
    let loginFailures = 0;
    for (const state of this.namespaces.values()) {
      identities += state.identities.size;
      loginFailures += state.failures.size;
    }
    return { namespaces: this.namespaces.size, identities, tokens: this.tokens.size, loginFailures };
  }

  async reset(): Promise<void> {
    this.namespaces.clear();
    this.tokens.clear();
  }

  async close(): Promise<void> {}
}

function copyRecord(r: NamespaceRecord): NamespaceRecord {
  return { ...r, settings: structuredClone(r.settings) };
}
