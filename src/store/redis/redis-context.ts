import type { Redis } from 'ioredis';
import { StoreUnavailableError } from '../store-unavailable.js';
import { defineScripts, type RunScript } from './define-scripts.js';
import { batchCommands, type SendCommand } from './command-batch.js';
import { explainRedisError } from './connect-redis.js';
import { namespaceKeys, type NamespaceKeys } from './redis-keys.js';

const HUNG_PAUSE_MS = 1000;

/** What the Redis store's parts share: the client, its scripts, the guard on every call, the key names. */
export interface RedisContext {
  readonly client: Redis;
  /** a command in the connection's next batch (command-batch.ts): what every request sends */
  readonly send: SendCommand;
  readonly script: RunScript;
  /**
   * Runs one Redis call: any Redis failure becomes StoreUnavailableError, a script's own
   * error passes as a bug.
   */
  guard<T>(call: () => Promise<T>): Promise<T>;
  /** a namespace's key names */
  keys(ns: string): NamespaceKeys;
}

/**
 * The context of one connection. After a command timed out (a hung Redis) calls fail at
 * once for a second, so requests do not each wait out the timeout. Key names are built
 * once per namespace: they are on every request's path.
 */
export function createRedisContext(client: Redis, shown: string): RedisContext {
  const send = batchCommands(client);
  const script = defineScripts(send);
  const keysOf = new Map<string, NamespaceKeys>();
  /** epoch ms until which calls fail at once, after a timeout */
  let hungUntil = 0;
  return {
    client,
    send,
    script,
    guard<T>(call: () => Promise<T>): Promise<T> {
      if (hungUntil > Date.now())
        return Promise.reject(new StoreUnavailableError(`Redis at ${shown}: not answering (a command timed out)`));
      return call().catch((err: unknown) => {
        if ((err as Error)?.message === 'Command timed out') hungUntil = Date.now() + HUNG_PAUSE_MS;
        throw explainRedisError(err, shown);
      });
    },
    keys(ns) {
      let k = keysOf.get(ns);
      if (!k) {
        if (keysOf.size > 10_000) keysOf.clear();
        k = namespaceKeys(ns);
        keysOf.set(ns, k);
      }
      return k;
    },
  };
}
