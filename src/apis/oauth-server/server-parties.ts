import type { Store } from '../../store/store.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { OAuthClient, OAuthParties, OAuthUser } from '../../auth/oauth2/parties.js';
import { specIdentities, toUser, USER, type SpecClient, type SpecUser } from '../spec-api/spec-identities.js';

/** a client as the server knows it, kept per stored client a cache froze (the same object while it holds) */
const known = new WeakMap<SpecClient, OAuthClient>();
const asClient = (api: string, c: SpecClient): OAuthClient => {
  const kept = known.get(c);
  if (kept?.api === api) return kept;
  const client: OAuthClient = { api, ...c };
  if (Object.isFrozen(c)) known.set(c, Object.freeze(client));
  return client;
};

const asUser = (api: string, u: SpecUser): OAuthUser => ({
  api,
  username: u.username,
  passwordDigest: u.passwordDigest,
  scopes: u.scopes,
  claims: u.claims,
});

/**
 * Who a namespace's authorization server knows: the clients and users of the specs it
 * serves, as their identity files (or defaults) and the control API made them. `order`
 * is each spec's users as its identity file lists them: the login page's first user.
 */
export function createParties(
  store: Store,
  ns: string,
  apis: readonly string[],
  secrets: SecretDigester,
  order: ReadonlyMap<string, readonly string[]>,
): OAuthParties {
  return {
    secrets,
    async clients(clientId) {
      const clientOf = (api: string) => specIdentities(store, ns, api).client(clientId);
      // one spec is the common case: its lookup alone, without a Promise.all around it
      const found = apis.length === 1 ? [await clientOf(apis[0])] : await Promise.all(apis.map(clientOf));
      const out: OAuthClient[] = [];
      found.forEach((c, i) => c && out.push(asClient(apis[i], c)));
      return out;
    },
    async user(api, username) {
      if (!apis.includes(api)) return undefined;
      const u = await specIdentities(store, ns, api).user(username);
      return u && asUser(api, u);
    },
    async users(api) {
      const listed = await store.identities.list({ ns, api, kind: USER });
      const rank = (id: string) => {
        const i = order.get(api)?.indexOf(id) ?? -1;
        return i < 0 ? Number.MAX_SAFE_INTEGER : i;
      };
      return listed.sort((a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : 1)).map((i) => asUser(api, toUser(i)));
    },
  };
}
