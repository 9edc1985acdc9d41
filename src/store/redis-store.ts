import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type {
  IdentityStore,
  LockoutStore,
  NamespaceStore,
  NonceStore,
  OAuthStore,
  RecordStore,
  Store,
  StoreStats,
  SweepResult,
  TokenStore,
} from './store.js';
import { connectRedis, RedisStateError, type RedisConnectOptions } from './redis/connect-redis.js';
import { redactRedisUrl } from './redis/redis-url.js';
import { META_SECRET, NAMESPACES, isJournalKey, isJournalSeqKey } from './redis/redis-keys.js';
import { createRedisContext, type RedisContext } from './redis/redis-context.js';
import { createRedisNamespaces } from './redis/redis-namespaces.js';
import { createRedisIdentities } from './redis/redis-identities.js';
import { createRedisTokens } from './redis/redis-tokens.js';
import { createRedisLockouts, createRedisNonces } from './redis/redis-lockouts.js';
import { createRedisOAuth } from './redis/redis-oauth.js';
import { createRedisCollections } from './redis/redis-collections.js';

export type RedisStoreOptions = RedisConnectOptions;

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
  readonly namespaces: NamespaceStore;
  readonly identities: IdentityStore;
  readonly tokens: TokenStore;
  readonly lockouts: LockoutStore;
  readonly nonces: NonceStore;
  readonly oauth: OAuthStore;
  readonly records: RecordStore;
  /** the connection and its scripts, shared with the journal and steering rules kept in Redis */
  readonly context: RedisContext;

  private constructor(
    private readonly client: Redis,
    url: string,
    readonly secretKey: Buffer,
  ) {
    this.shown = redactRedisUrl(url);
    this.context = createRedisContext(client, this.shown);
    this.namespaces = createRedisNamespaces(this.context);
    this.identities = createRedisIdentities(this.context);
    this.tokens = createRedisTokens(this.context);
    this.lockouts = createRedisLockouts(this.context);
    this.nonces = createRedisNonces(this.context);
    this.oauth = createRedisOAuth(this.context);
    this.records = createRedisCollections(this.context);
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

  async sweep({ ns, now, limit }: { ns?: string; now: number; limit: number }): Promise<SweepResult> {
    const { guard, keys, script, send } = this.context;
    const names = ns === undefined ? (await guard(() => this.client.smembers(NAMESPACES))).sort() : [ns];
    const done: SweepResult = { tokens: 0, failures: 0 };
    // Tokens first, then failure counts, as the other stores do, within one budget.
    for (const name of names) {
      if (done.tokens >= limit) return done;
      const k = keys(name);
      done.tokens += Number(
        await guard(() => script('sweepTokens', [k.record, k.tokens, k.tokenExpiry], [now, limit - done.tokens, k.userTokensPrefix])),
      );
      // codes, refresh tokens and revocations count as tokens
      if (done.tokens < limit)
        done.tokens += Number(await guard(() => script('sweepOAuth', [k.oauthKeys, k.oauth, k.oauthExpiry], [now, limit - done.tokens])));
      // the signed access tokens' records: the expired go (the record is all there is of them)
      if (done.tokens < limit) done.tokens += Number(await guard(() => send('zremrangebyscore', [k.oauthAccess, '-inf', now])));
    }
    for (const name of names) {
      const left = limit - done.tokens - done.failures;
      if (left <= 0) return done;
      const k = keys(name);
      done.failures += Number(await guard(() => script('sweepFailures', [k.failures, k.failureExpiry], [now, left])));
    }
    return done;
  }

  async stats(): Promise<StoreStats> {
    const { guard, keys } = this.context;
    const names = await guard(() => this.client.smembers(NAMESPACES));
    const sizes = await Promise.all(
      names.map((ns) => {
        const k = keys(ns);
        return guard(() => Promise.all([this.client.hlen(k.identities), this.client.hlen(k.tokens), this.client.hlen(k.failures)]));
      }),
    );
    const sum = (i: number) => sizes.reduce((n, s) => n + s[i], 0);
    return { namespaces: names.length, identities: sum(0), tokens: sum(1), loginFailures: sum(2) };
  }

  /**
   * Every namespace's keys, found by their prefix (also those of a namespace never listed);
   * the token ids go on counting. Journals are emptied, not deleted: their entry ids go on
   * counting too, so an inspector following one misses nothing written after.
   */
  async reset(): Promise<void> {
    const forget = async () => {
      for await (const batch of this.client.scanStream({ match: 'am:{*', count: 500 }) as AsyncIterable<string[]>) {
        const journals = batch.filter(isJournalKey);
        const rest = batch.filter((key) => !isJournalKey(key) && !isJournalSeqKey(key));
        if (rest.length > 0) await this.client.unlink(...rest);
        for (const key of journals) await this.client.xtrim(key, 'MAXLEN', 0);
      }
      await this.client.del(NAMESPACES);
    };
    await this.context.guard(() => forget());
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
