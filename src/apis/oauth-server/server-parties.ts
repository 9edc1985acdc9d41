import type { Store } from '../../store/store.js';
import type { SecretDigester } from '../../auth/secrets.js';
import type { OAuthClient, OAuthParties, OAuthUser } from '../../auth/oauth2/parties.js';
import { specIdentities, toUser, USER, type SpecUser } from '../spec-api/spec-identities.js';

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
      const found = await Promise.all(apis.map((api) => specIdentities(store, ns, api).client(clientId)));
      return found.flatMap((c, i): OAuthClient[] => (c ? [{ ...c, api: apis[i] }] : []));
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
