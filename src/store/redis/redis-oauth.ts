import type {
  AccessRecord,
  AuthorizationCode,
  CodeTake,
  OAuthStore,
  RefreshState,
  RefreshToken,
  RefreshUse,
  SigningAlg,
  SigningKey,
} from '../store.js';
import type { RedisContext } from './redis-context.js';
import { ACCESS_RECORDS_KEPT } from '../oauth-store.js';

const ALGS: readonly SigningAlg[] = ['RS256', 'ES256'];

/** The Redis store's authorization-server state (oauth-scripts.ts): what several servers must agree on is one script. */
export function createRedisOAuth({ client, send, script, guard, keys }: RedisContext): OAuthStore {
  const noNamespace = (ns: string) => new Error(`namespace ${ns} does not exist`);
  const getKey = async (ns: string, kid: string): Promise<SigningKey | undefined> => {
    const fields = [`k:${kid}`, `kr:${kid}`, `kl:${kid}`, ...ALGS.map((alg) => `ka:${alg}`)];
    const [json, retiredAt, longest, ...active] = (await guard(() => send('hmget', [keys(ns).oauthKeys, ...fields]))) as (string | null)[];
    if (!json) return undefined;
    const stored = JSON.parse(json) as SigningKey;
    const isActive = active[ALGS.indexOf(stored.alg)] === kid;
    return {
      ...stored,
      state: isActive ? 'active' : 'retired',
      ...(!isActive && retiredAt ? { retiredAt: Number(retiredAt) } : {}),
      longestLifetimeMs: Number(longest ?? 0),
    };
  };
  return {
    getKey: ({ ns, kid }) => getKey(ns, kid),
    async activeKey({ ns, alg }) {
      const kid = (await guard(() => send('hget', [keys(ns).oauthKeys, `ka:${alg}`]))) as string | null;
      return kid ? getKey(ns, kid) : undefined;
    },
    async listKeys(ns) {
      const all = await guard(() => client.hgetall(keys(ns).oauthKeys));
      const kids = Object.keys(all)
        .filter((f) => f.startsWith('k:'))
        .map((f) => f.slice(2));
      const found = await Promise.all(kids.map((kid) => getKey(ns, kid)));
      return found.filter((k): k is SigningKey => !!k).sort((a, b) => a.createdAt - b.createdAt || (a.kid < b.kid ? -1 : 1));
    },
    async addKey({ ns, key, rotate, now }) {
      const k = keys(ns);
      // what the hash keeps of a key never changes; its state lives in fields of their own
      const stored = { kid: key.kid, alg: key.alg, privateJwk: key.privateJwk, publicJwk: key.publicJwk, createdAt: key.createdAt };
      const args = [key.kid, key.alg, JSON.stringify(stored), rotate ? '1' : '', now, key.longestLifetimeMs];
      const kid = (await guard(() => script('addKey', [k.record, k.oauthKeys, k.oauthExpiry], args))) as string | null;
      if (!kid) throw noNamespace(ns);
      return (await getKey(ns, kid))!;
    },
    async extendKey({ ns, kid, lifetimeMs }) {
      await guard(() => script('extendKey', [keys(ns).oauthKeys], [kid, lifetimeMs]));
    },
    async saveCode({ ns, hash, code }) {
      const k = keys(ns);
      const done = await guard(() => script('saveCode', [k.record, k.oauth, k.oauthExpiry], [hash, JSON.stringify(code), code.expiresAt]));
      if (!done) throw noNamespace(ns);
    },
    async takeCode({ ns, hash, now }) {
      const [outcome, json] = (await guard(() => script('takeCode', [keys(ns).oauth], [hash, now]))) as [string, string?];
      if (outcome === 'ok' || outcome === 'used') return { outcome, code: JSON.parse(json!) as AuthorizationCode };
      return { outcome } as CodeTake;
    },
    async saveRefresh({ ns, hash, token }) {
      const k = keys(ns);
      const args = [hash, JSON.stringify(token), token.family, token.expiresAt];
      if (!(await guard(() => script('saveRefresh', [k.record, k.oauth, k.oauthExpiry], args)))) throw noNamespace(ns);
    },
    async useRefresh({ ns, hash, clientId, now, next }) {
      const k = keys(ns);
      const args = [hash, clientId, now, next.hash, JSON.stringify(next.token), next.token.expiresAt];
      const [outcome, json] = (await guard(() => script('useRefresh', [k.oauth, k.oauthExpiry], args))) as [string, string?];
      if (outcome === 'rotated') return { outcome, previous: JSON.parse(json!) as RefreshToken };
      return { outcome } as RefreshUse;
    },
    async findRefresh({ ns, hash }) {
      const [json, state] = (await guard(() => send('hmget', [keys(ns).oauth, `r:${hash}`, `rs:${hash}`]))) as (string | null)[];
      return json ? { token: JSON.parse(json) as RefreshToken, state: (state ?? 'current') as RefreshState } : undefined;
    },
    async revokeFamily({ ns, family }) {
      const k = keys(ns);
      return Number(await guard(() => script('revokeFamily', [k.oauth, k.oauthExpiry], [family])));
    },
    async revokeAccess({ ns, jti, expiresAt }) {
      const k = keys(ns);
      await guard(() => script('revokeAccess', [k.oauth, k.oauthExpiry], [jti, expiresAt]));
    },
    async isRevoked({ ns, jti }) {
      return (await guard(() => send('hexists', [keys(ns).oauth, `x:${jti}`]))) === 1;
    },
    async recordAccess({ ns, access }) {
      const args = [JSON.stringify(access), access.expiresAt, ACCESS_RECORDS_KEPT];
      await guard(() => script('recordAccess', [keys(ns).oauthAccess], args));
    },
    async listAccess({ ns, api }) {
      const k = keys(ns);
      const all = ((await guard(() => send('zrange', [k.oauthAccess, 0, -1]))) as string[]).map((json) => JSON.parse(json) as AccessRecord);
      const listed = all.filter((a) => api === undefined || a.api === api).sort((a, b) => a.issuedAt - b.issuedAt);
      if (listed.length === 0) return [];
      const revoked = (await guard(() => send('hmget', [k.oauth, ...listed.map((a) => `x:${a.jti}`)]))) as (string | null)[];
      return listed.map((a, i) => ({ ...a, revoked: revoked[i] !== null }));
    },
  };
}
