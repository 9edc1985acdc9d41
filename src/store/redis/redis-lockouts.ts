import type { LockoutStore, LoginFailureEntry, NonceStore } from '../store.js';
import type { RedisContext } from './redis-context.js';
import { failureField, SEP } from './redis-keys.js';
import { toFailureEntry, toFailures } from './redis-records.js';

/** The Redis store's failed-login counts: counting is one script, so failures spread over several servers all count. */
export function createRedisLockouts({ client, send, script, guard, keys }: RedisContext): LockoutStore {
  return {
    async get({ ns, api, userType, username }) {
      return toFailures((await guard(() => send('hget', [keys(ns).failures, failureField(api, userType, username)]))) as string | null);
    },
    async recordFailure({ ns, api, userType, username, now, lockMs }) {
      const k = keys(ns);
      const field = failureField(api, userType, username);
      const reply = (await guard(() => script('recordFailure', [k.record, k.failures, k.failureExpiry], [field, now, lockMs]))) as
        [number, string] | null;
      if (!reply) throw new Error(`namespace ${ns} does not exist`);
      return { failures: Number(reply[0]), lockExpiresAt: Number(reply[1]) };
    },
    async clear({ ns, api, userType, username }) {
      const k = keys(ns);
      return (await guard(() => script('clearFailure', [k.failures, k.failureExpiry], [failureField(api, userType, username)]))) === 1;
    },
    async list(ns) {
      const all = await guard(() => client.hgetall(keys(ns).failures));
      const entries = Object.entries(all).map(([field, value]) => toFailureEntry(field, value));
      const order = (e: LoginFailureEntry) => [e.api, e.userType, e.username].join(SEP);
      return entries.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    },
    async clearAll(ns) {
      const k = keys(ns);
      return Number(await guard(() => script('clearAllFailures', [k.failures, k.failureExpiry], [])));
    },
  };
}

/** The Redis store's OAuth nonces: a set per namespace; SADD answers whether the nonce was new, in one command. */
export function createRedisNonces({ send, guard, keys }: RedisContext): NonceStore {
  return {
    async remember({ ns, consumerKey, nonce }) {
      return (await guard(() => send('sadd', [keys(ns).nonces, `${consumerKey}${SEP}${nonce}`]))) === 1;
    },
  };
}
