import type { ApiModule } from '../api-module.js';
import type { Handler } from '../../pipeline/context.js';
import { createSocialDialect } from './dialect.js';
import { socialHandlers } from './handlers/index.js';
import { createSocialTokens } from './token-codec.js';
import { loadSocialFixtures } from './load-fixtures.js';
import { resolveSocialPrincipal } from './resolve-principal.js';
import { socialCheckerProfile } from './checker-profile.js';
import { socialIdentityKinds } from './control-kinds.js';
import { withThumbnailsExpanded } from './expand-thumbnails.js';

/** The social network's login API for its mobile app (docs/social-api.md). */
export const socialModule: ApiModule = {
  name: 'social',
  specFile: 'social.openapi.yaml',
  fixtureFile: 'social.yaml',
  prefix: '/socialapi',
  servedAt: '/socialapi/...',
  userTypes: ['social'],
  checker: socialCheckerProfile,
  build(setup) {
    const fixtures = loadSocialFixtures(setup);
    return {
      dialect: createSocialDialect(setup.json),
      handlers: withThumbnailsExpanded(socialHandlers as Record<string, Handler>, setup.baseUrl),
      tokens: createSocialTokens(setup.tokenKey),
      seed: fixtures.seed,
      resolvePrincipal: resolveSocialPrincipal,
      identityKinds: socialIdentityKinds(setup.secrets, setup.schema('UserProfile'), setup.baseUrl),
      describeAccounts: () => [`users: ${fixtures.usernames.join(', ')} (client app: ${fixtures.apiKeys.join(', ')})`],
    };
  },
};
