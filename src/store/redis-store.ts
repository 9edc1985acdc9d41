import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
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
import { connectRedis, explainRedisError, RedisStateError, type RedisConnectOptions } from './redis/connect-redis.js';
import { defineScripts, type RunScript } from './redis/define-scripts.js';
import { redactRedisUrl } from './redis/redis-url.js';
import { StoreUnavailableError } from './store-unavailable.js';
import {
  failureField,
  fixedKeysOf,
  identityField,
  META_SECRET,
  META_TOKEN_ID,
  namespaceKeys,
  NAMESPACES,
  SEP,
  userTokensKey,
  type NamespaceKeys,
} from './redis/redis-keys.js';
import { identityJson, seedArgs, toFailureEntry, toFailures, toIdentity, toNamespace, toToken, tokenJson } from './redis/redis-records.js';

export type RedisStoreOptions = RedisConnectOptions;

const HUNG_PAUSE_MS = 1000;

/**
 * All state in one Redis, so several authmock processes behave as one server: a token
 * issued by one works on the next at once, a revocation or a lockout holds on all.
 * Every read-compute-write is one Lua script (atomic in Redis), every other operation one
 * command, so concurrent servers never lose an update. Durability is Redis's: a write is
 * answered once Redis has it in memory; with `appendonly yes` + `appendfsync always` once
 * it is on disk. While Redis is away every operation fails fast with
 * StoreUnavailableError (the APIs' 503) and the client reconnects by itself.
 */
export class RedisStore implements Store {
  readonly kind = 'redis';
  /** the URL with any password masked, for messages */
  readonly shown: string;
  private readonly script: RunScript;
  private readonly keysOf = new Map<string, NamespaceKeys>();
  /** epoch ms until which calls fail at once, after a timeout */
  private hungUntil = 0;

  private constructor(
    private readonly client: Redis,
    url: string,
    readonly secretKey: Buffer,
  ) {
    this.shown = redactRedisUrl(url);
    this.script = defineScripts(client);
  }

  /** Connects and loads the secret key (made once, by whichever server comes first). */
  static async open(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const client = await connectRedis(url, options);
    try {
      await client.set(META_SECRET, randomBytes(32), 'NX');
      const key = await client.getBuffer(META_SECRET);
      if (!key || key.length !== 32) throw new Error(`${META_SECRET} holds no 32-byte key`);
      // A Redis that lost its data (no persistence) and came back gets the key again from
      // the servers that hold it, so their password digests stay valid and they agree.
      client.on('ready', () => void client.set(META_SECRET, key, 'NX').catch(() => undefined));
      return new RedisStore(client, url, key);
    } catch (err) {
      client.disconnect();
      throw new RedisStateError(`cannot use Redis at ${redactRedisUrl(url)}: ${(err as Error).message}`);
    }
  }

  /**
   * Runs one Redis call: any Redis failure becomes StoreUnavailableError, a script's own
   * error passes as a bug. After a command timed out (a hung Redis) calls fail at once
   * for a second, so requests do not each wait out the timeout.
   */
  private guard<T>(call: () => Promise<T>): Promise<T> {
    if (this.hungUntil > Date.now())
      return Promise.reject(new StoreUnavailableError(`Redis at ${this.shown}: not answering (a command timed out)`));
    return call().catch((err: unknown) => {
      if ((err as Error)?.message === 'Command timed out') this.hungUntil = Date.now() + HUNG_PAUSE_MS;
      throw explainRedisError(err, this.shown);
    });
  }

  /** Key names are built once per namespace: they are on every request's path. */
  private keys(ns: string): NamespaceKeys {
    let k = this.keysOf.get(ns);
    if (!k) {
      if (this.keysOf.size > 10_000) this.keysOf.clear();
      k = namespaceKeys(ns);
      this.keysOf.set(ns, k);
    }
    return k;
  }

  private seed(mode: 'create' | 'reset' | 'reseed', ns: string, seed: readonly Identity[], seedHash: string, now: number) {
    const keys = [...fixedKeysOf(this.keys(ns)), NAMESPACES];
    return this.guard(() => this.script('seedNamespace', keys, [mode, ns, now, seedHash, ...seedArgs(seed)])) as Promise<string[] | null>;
  }

  async getNamespace(ns: string): Promise<NamespaceRecord | undefined> {
    return toNamespace(ns, await this.guard(() => this.client.hgetall(this.keys(ns).record)));
  }

  async createNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    return toNamespace(ns, await this.seed('create', ns, seed, seedHash, now))!;
  }

  async resetNamespace(ns: string, seed: readonly Identity[], seedHash: string, now: number): Promise<NamespaceRecord> {
    return toNamespace(ns, await this.seed('reset', ns, seed, seedHash, now))!;
  }

  async reseedNamespace(ns: string, seed: readonly Identity[], seedHash: string): Promise<void> {
    await this.seed('reseed', ns, seed, seedHash, 0);
  }

  async updateNamespace(ns: string, patch: { clockOffsetMs?: number; settings?: NamespaceSettings }): Promise<NamespaceRecord | undefined> {
    const offset = patch.clockOffsetMs === undefined ? '' : String(patch.clockOffsetMs);
    const settings = patch.settings === undefined ? '' : JSON.stringify(patch.settings);
    return toNamespace(
      ns,
      (await this.guard(() => this.script('updateNamespace', [this.keys(ns).record], [offset, settings]))) as string[] | null,
    );
  }

  async deleteNamespace(ns: string): Promise<boolean> {
    const keys = [...fixedKeysOf(this.keys(ns)), NAMESPACES];
    return (await this.guard(() => this.script('dropNamespace', keys, [ns]))) === 1;
  }

  async listNamespaces(): Promise<NamespaceRecord[]> {
    const names = (await this.guard(() => this.client.smembers(NAMESPACES))).sort();
    const records = await Promise.all(names.map((ns) => this.getNamespace(ns)));
    return records.filter((r): r is NamespaceRecord => r !== undefined);
  }

  async getIdentity(ns: string, api: string, kind: string, id: string): Promise<Identity | undefined> {
    return toIdentity(api, kind, id, await this.guard(() => this.client.hget(this.keys(ns).identities, identityField(api, kind, id))));
  }

  async findIdentity(ns: string, api: string, kind: string, key: string): Promise<Identity | undefined> {
    const k = this.keys(ns);
    const found = (await this.guard(() => this.script('findIdentity', [k.identities, k.identityKeys], [api, kind, key]))) as
      [string, string] | null;
    return found ? toIdentity(api, kind, found[0], found[1]) : undefined;
  }

  async listIdentities(ns: string, api: string, kind: string): Promise<Identity[]> {
    const all = await this.guard(() => this.client.hgetall(this.keys(ns).identities));
    const prefix = identityField(api, kind, '');
    return Object.entries(all)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, json]) => toIdentity(api, kind, field.slice(prefix.length), json)!);
  }

  async putIdentity(ns: string, identity: Identity): Promise<PutResult> {
    const k = this.keys(ns);
    const { api, kind, id, keys } = identity;
    const result = await this.guard(() =>
      this.script('putIdentity', [k.record, k.identities, k.identityKeys], [api, kind, id, identityJson(identity), ...keys]),
    );
    if (result === 'no-namespace') throw new Error(`namespace ${ns} does not exist`);
    return result as PutResult;
  }

  async deleteIdentity(ns: string, api: string, kind: string, id: string): Promise<boolean> {
    const k = this.keys(ns);
    return (await this.guard(() => this.script('deleteIdentity', [k.identities, k.identityKeys], [api, kind, id]))) === 1;
  }

  async nextId(ns: string, counter: string, atLeast: number): Promise<number> {
    const k = this.keys(ns);
    const next = await this.guard(() => this.script('nextId', [k.record, k.counters], [counter, atLeast]));
    if (next === null) throw new Error(`namespace ${ns} does not exist`);
    return Number(next);
  }

  async saveToken(ns: string, record: Omit<TokenRecord, 'id'>): Promise<number> {
    const k = this.keys(ns);
    const keys = [META_TOKEN_ID, k.tokens, k.tokenExpiry, userTokensKey(k, record.api, record.userType, record.userId), k.userTokenSets];
    return Number(await this.guard(() => this.script('saveToken', keys, [tokenJson(record), record.expiresAt ?? ''])));
  }

  async findToken(ns: string, api: string, id: number): Promise<TokenRecord | undefined> {
    const found = toToken(id, await this.guard(() => this.client.hget(this.keys(ns).tokens, String(id))));
    return found?.api === api ? found : undefined;
  }

  async listTokens(ns: string, filter: { api?: string; userType?: string; userId?: string }): Promise<TokenRecord[]> {
    const all = await this.guard(() => this.client.hgetall(this.keys(ns).tokens));
    return Object.entries(all)
      .map(([id, json]) => toToken(Number(id), json)!)
      .filter(
        (t) =>
          (filter.api === undefined || t.api === filter.api) &&
          (filter.userType === undefined || t.userType === filter.userType) &&
          (filter.userId === undefined || t.userId === filter.userId),
      )
      .sort((a, b) => a.id - b.id);
  }

  async revokeUserTokens(ns: string, api: string, userType: string, userId: string): Promise<number> {
    const k = this.keys(ns);
    return Number(
      await this.guard(() =>
        this.script('revokeUserTokens', [k.tokens, k.tokenExpiry, userTokensKey(k, api, userType, userId), k.userTokenSets], []),
      ),
    );
  }

  async revokeToken(ns: string, api: string, id: number): Promise<boolean> {
    const k = this.keys(ns);
    return (await this.guard(() => this.script('revokeToken', [k.tokens, k.tokenExpiry], [id, api, k.userTokensPrefix]))) === 1;
  }

  async getLoginFailures(ns: string, api: string, userType: string, username: string): Promise<LoginFailures | undefined> {
    return toFailures(await this.guard(() => this.client.hget(this.keys(ns).failures, failureField(api, userType, username))));
  }

  async recordLoginFailure(
    ns: string,
    api: string,
    userType: string,
    username: string,
    now: number,
    lockMs: number,
  ): Promise<LoginFailures> {
    const k = this.keys(ns);
    const field = failureField(api, userType, username);
    const reply = (await this.guard(() => this.script('recordFailure', [k.record, k.failures, k.failureExpiry], [field, now, lockMs]))) as
      [number, string] | null;
    if (!reply) throw new Error(`namespace ${ns} does not exist`);
    return { failures: Number(reply[0]), lockExpiresAt: Number(reply[1]) };
  }

  async clearLoginFailures(ns: string, api: string, userType: string, username: string): Promise<boolean> {
    const k = this.keys(ns);
    return (
      (await this.guard(() => this.script('clearFailure', [k.failures, k.failureExpiry], [failureField(api, userType, username)]))) === 1
    );
  }

  async listLoginFailures(ns: string): Promise<LoginFailureEntry[]> {
    const all = await this.guard(() => this.client.hgetall(this.keys(ns).failures));
    const entries = Object.entries(all).map(([field, value]) => toFailureEntry(field, value));
    const order = (e: LoginFailureEntry) => [e.api, e.userType, e.username].join(SEP);
    return entries.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  }

  async clearAllLoginFailures(ns: string): Promise<number> {
    const k = this.keys(ns);
    return Number(await this.guard(() => this.script('clearAllFailures', [k.failures, k.failureExpiry], [])));
  }

  async rememberNonce(ns: string, consumerKey: string, nonce: string, _timestamp: number): Promise<boolean> {
    return (await this.guard(() => this.client.sadd(this.keys(ns).nonces, `${consumerKey}${SEP}${nonce}`))) === 1;
  }

  async sweep(ns: string | undefined, now: number, limit: number): Promise<SweepResult> {
    const names = ns === undefined ? (await this.guard(() => this.client.smembers(NAMESPACES))).sort() : [ns];
    const done: SweepResult = { tokens: 0, failures: 0 };
    // Tokens first, then failure counts, as the other stores do, within one budget.
    for (const name of names) {
      if (done.tokens >= limit) return done;
      const k = this.keys(name);
      done.tokens += Number(
        await this.guard(() => this.script('sweepTokens', [k.tokens, k.tokenExpiry], [now, limit - done.tokens, k.userTokensPrefix])),
      );
    }
    for (const name of names) {
      const left = limit - done.tokens - done.failures;
      if (left <= 0) return done;
      const k = this.keys(name);
      done.failures += Number(await this.guard(() => this.script('sweepFailures', [k.failures, k.failureExpiry], [now, left])));
    }
    return done;
  }

  async stats(): Promise<StoreStats> {
    const names = await this.guard(() => this.client.smembers(NAMESPACES));
    const sizes = await Promise.all(
      names.map((ns) => {
        const k = this.keys(ns);
        return this.guard(() => Promise.all([this.client.hlen(k.identities), this.client.hlen(k.tokens), this.client.hlen(k.failures)]));
      }),
    );
    const sum = (i: number) => sizes.reduce((n, s) => n + s[i], 0);
    return { namespaces: names.length, identities: sum(0), tokens: sum(1), loginFailures: sum(2) };
  }

  /** Every namespace's keys, found by their prefix (also those of a namespace never listed); the token ids go on counting. */
  async reset(): Promise<void> {
    const forget = async () => {
      for await (const batch of this.client.scanStream({ match: 'am:{*', count: 500 }) as AsyncIterable<string[]>) {
        if (batch.length > 0) await this.client.unlink(...batch);
      }
      await this.client.del(NAMESPACES);
    };
    await this.guard(() => forget());
  }

  async close(): Promise<void> {
    if (this.client.status === 'end') return;
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
