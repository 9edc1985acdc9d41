import type { Identity } from '../../store/store.js';
import type { NamespaceView, Services } from '../../pipeline/stages.js';
import { prefixOf, type UserPrincipal, type Verdict } from '../../auth/verdict.js';
import { verifyAccessToken } from '../../auth/oauth2/verify-access-token.js';
import { acceptedIssuers } from '../../auth/oauth2/issuer.js';
import { CLIENT, toClient, toUser, USER, type SpecClient, type SpecUser } from './spec-identities.js';

export interface JwtPrincipals {
  client(client: SpecClient, scopes: readonly string[]): UserPrincipal;
  user(user: SpecUser, scopes: readonly string[], claims: Record<string, unknown>): UserPrincipal;
}

/**
 * How a spec's operations take the JWT access tokens of the namespace's authorization
 * server: verified for this spec (its name is their audience), then the caller is the
 * client acting for itself (RFC 9068 §2.2: its own subject) or the user, as the store has
 * them now. Made once per runtime: what it converts of a stored identity it keeps with it.
 */
export function createJwtCheck(api: string, baseUrl: () => string, principals: JwtPrincipals) {
  const clients = new WeakMap<Identity, SpecClient>();
  const users = new WeakMap<Identity, SpecUser>();
  const converted = <T>(memo: WeakMap<Identity, T>, identity: Identity, convert: (i: Identity) => T): T => {
    let found = memo.get(identity);
    if (!found) memo.set(identity, (found = convert(identity)));
    return found;
  };
  return (ns: NamespaceView, services: Services) =>
    async (token: string, requestUrl: string): Promise<Verdict> => {
      const tokenPrefix = prefixOf(token);
      const check = await verifyAccessToken(token, {
        ring: services.keyRing,
        store: services.store.oauth,
        ns: ns.name,
        issuers: acceptedIssuers(requestUrl, ns.name, baseUrl()),
        audience: api,
        now: ns.now(),
      });
      if (!check.ok) return { outcome: check.outcome, tokenPrefix, detail: check.detail };
      const { sub, client_id: clientId } = check.claims;
      const forClient = sub === clientId && check.claims.auth_time === undefined;
      const identity = await services.store.identities.get({
        ns: ns.name,
        api,
        kind: forClient ? CLIENT : USER,
        id: forClient ? clientId : sub,
      });
      if (!identity)
        return { outcome: 'no-identity', tokenPrefix, detail: `${forClient ? 'client' : 'user'} ${forClient ? clientId : sub} is gone` };
      const principal = forClient
        ? principals.client(converted(clients, identity, toClient), check.scopes)
        : principals.user(converted(users, identity, toUser), check.scopes, check.claims);
      return { outcome: 'ok', principal, tokenPrefix };
    };
}
