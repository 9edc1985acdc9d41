import type { TokenStore } from '../store.js';
import type { RedisContext } from './redis-context.js';
import { META_TOKEN_ID, userTokensKey } from './redis-keys.js';
import { toToken, tokenJson } from './redis-records.js';

/** The Redis store's tokens: every write keeps the token hash, the per-user sets and the expiry index in step (token-scripts.ts). */
export function createRedisTokens({ client, send, script, guard, keys }: RedisContext): TokenStore {
  return {
    async save({ ns, token }) {
      const k = keys(ns);
      const all = [META_TOKEN_ID, k.tokens, k.tokenExpiry, userTokensKey(k, token.api, token.userType, token.userId), k.userTokenSets];
      return Number(await guard(() => script('saveToken', all, [tokenJson(token), token.expiresAt ?? ''])));
    },
    async find({ ns, api, id }) {
      const found = toToken(id, (await guard(() => send('hget', [keys(ns).tokens, String(id)]))) as string | null);
      return found?.api === api ? found : undefined;
    },
    async list({ ns, api, userType, userId }) {
      const all = await guard(() => client.hgetall(keys(ns).tokens));
      return Object.entries(all)
        .map(([id, json]) => toToken(Number(id), json)!)
        .filter(
          (t) =>
            (api === undefined || t.api === api) &&
            (userType === undefined || t.userType === userType) &&
            (userId === undefined || t.userId === userId),
        )
        .sort((a, b) => a.id - b.id);
    },
    async revoke({ ns, api, id }) {
      const k = keys(ns);
      return (await guard(() => script('revokeToken', [k.record, k.tokens, k.tokenExpiry], [id, api, k.userTokensPrefix]))) === 1;
    },
    async revokeUser({ ns, api, userType, userId }) {
      const k = keys(ns);
      const all = [k.record, k.tokens, k.tokenExpiry, userTokensKey(k, api, userType, userId), k.userTokenSets];
      return Number(await guard(() => script('revokeUserTokens', all, [])));
    },
  };
}
