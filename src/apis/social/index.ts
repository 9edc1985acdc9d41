import type { ApiModule } from '../api-module.js';
import type { Handler } from '../../pipeline/stages.js';
import { createSocialDialect } from './dialect.js';
import { socialHandlers } from './handlers/index.js';
import { createSocialTokens } from './token-codec.js';
import { loadSocialFixtures } from './load-fixtures.js';
import { resolveSocialPrincipal } from './resolve-principal.js';
import { socialIdentities } from './identities.js';
import { socialIdentityKinds } from './control-kinds.js';
import { withThumbnailsExpanded } from './expand-thumbnails.js';

const API = 'social';

/** The social network's login API for its mobile app (docs/social-api.md). */
export const socialModule: ApiModule = {
  name: API,
  specFile: 'social.openapi.yaml',
  fixtureFile: 'social.yaml',
  claims: ['/socialapi'],
  servedAt: '/socialapi/...',
  userTypes: ['social'],
  build(setup) {
    const fixtures = loadSocialFixtures(setup);
    const tokens = createSocialTokens(setup.stateKey);
    return {
      dialect: createSocialDialect(),
      handlers: withThumbnailsExpanded(socialHandlers as Record<string, Handler>, setup.baseUrl),
      tokens,
      seed: fixtures.seed,
      // userTokens, from the Authorization header, the query or the body (the spec's schemes say where)
      directory: (ns, services) => {
        const ids = socialIdentities(services, ns.name);
        return {
          now: () => ns.now(),
          tokens: {
            codec: tokens,
            find: (id) => services.store.tokens.find({ ns: ns.name, api: API, id }),
            principalOf: (record) => resolveSocialPrincipal(record, ids),
          },
        };
      },
      identityKinds: socialIdentityKinds(setup.secrets, setup.schema('UserProfile'), setup.baseUrl),
      strictAnswers: true,
      describeAccounts: () => [`users: ${fixtures.usernames.join(', ')} (client app: ${fixtures.apiKeys.join(', ')})`],
    };
  },
};
