import type { Directory } from '../../auth/directory.js';
import type { TokenCodec } from '../../auth/tokens.js';
import type { NamespaceView, Services } from '../../pipeline/stages.js';
import { commerceIdentities } from './identities.js';
import { integrationPrincipal, resolveCommercePrincipal } from './resolve-principal.js';

const API = 'commerce';

/**
 * What the commerce platform's user contexts look up (docs/commerce-integrations.md §1):
 * its tokens (customers, admins), an integration's access token as a bearer token where
 * --integration-as-bearer allows it (a revoked one finds no one, §6), and the consumers,
 * access tokens and nonces of OAuth 1.0a signed requests. A verified request of an
 * inactive integration finds no one: the permission check answers it.
 */
export function createCommerceDirectory(codec: TokenCodec) {
  return (ns: NamespaceView, services: Services): Directory => {
    const { config, store } = services;
    const ids = commerceIdentities(services, ns.name);
    return {
      now: () => ns.now(),
      tokens: {
        codec,
        find: (id) => store.tokens.find({ ns: ns.name, api: API, id }),
        principalOf: (record) => resolveCommercePrincipal(record, ids),
      },
      ...(config.integrationAsBearer
        ? {
            async keyHolder(value: string, sentAs: 'key' | 'token') {
              if (sentAs !== 'token') return undefined;
              const integration = await ids.integrationByAccessToken(value);
              return integration && !integration.tokenRevoked ? integrationPrincipal(integration) : undefined;
            },
          }
        : {}),
      oauth1: {
        options: { allowSha1: config.oauthSha1 === true },
        deps: {
          // read when a signature is checked: the directory outlives a request (src/pipeline/directories.ts)
          get now() {
            return ns.now();
          },
          lookupConsumer: async (key) => {
            const found = await ids.integrationByConsumerKey(key);
            return found && { id: found.id, secret: found.consumerSecret };
          },
          lookupToken: async (token) => {
            const found = await ids.integrationByAccessToken(token);
            return found && { secret: found.tokenSecret, consumerKey: found.consumerKey, type: 'access', revoked: found.tokenRevoked };
          },
          rememberNonce: (consumerKey, nonce, timestamp) => store.nonces.remember({ ns: ns.name, consumerKey, nonce, timestamp }),
        },
        async principalOf(consumerKey) {
          const integration = await ids.integrationByConsumerKey(consumerKey);
          return integration?.active ? integrationPrincipal(integration) : undefined;
        },
      },
    };
  };
}
