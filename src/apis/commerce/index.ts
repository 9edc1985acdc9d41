import type { ApiModule } from '../api-module.js';
import type { Handler } from '../../pipeline/stages.js';
import { createCommerceDialect } from './dialect.js';
import { TWO_FACTOR_OPERATIONS } from './dialect.js';
import { commerceHandlers } from './handlers/index.js';
import { createCommerceTokens } from './token-codec.js';
import { loadCommerceFixtures } from './load-fixtures.js';
import { commerceIdentityKinds } from './control-kinds.js';
import { createCommerceDirectory } from './commerce-directory.js';

/** The commerce platform's REST API with token authentication (docs/commerce-platform.md). */
export const commerceModule: ApiModule = {
  name: 'commerce',
  specFile: 'commerce.openapi.yaml',
  fixtureFile: 'commerce.yaml',
  claims: ['/rest'],
  servedAt: '/rest/V1/...',
  userTypes: ['customer', 'admin'],
  build(setup) {
    const fixtures = loadCommerceFixtures(setup);
    const storeCodes = ['default', 'all', ...[...fixtures.stores.keys()].filter((c) => c !== 'default')];
    const tokens = createCommerceTokens(setup.stateKey);
    return {
      dialect: createCommerceDialect({ stores: fixtures.stores, developerMode: setup.config.developerMode }),
      // without --admin-2fa the platform has no two-factor route at all
      unserved: setup.config.admin2fa ? undefined : TWO_FACTOR_OPERATIONS,
      handlers: commerceHandlers as Record<string, Handler>,
      tokens,
      seed: fixtures.seed,
      directory: createCommerceDirectory(tokens),
      identityKinds: commerceIdentityKinds(setup.secrets, setup.schema('Customer')),
      strictAnswers: true,
      describeAccounts: () => [
        `stores: ${storeCodes.join(', ')} (/rest/<store>/V1/...)`,
        `customers: ${fixtures.customerEmails.join(', ')}`,
        `admins: ${fixtures.adminNames.join(', ')}`,
        // an integration's credentials are shown once activated, as the admin panel does
        ...fixtures.integrations
          .filter((n) => n.active)
          .map(
            (n) =>
              `integration "${n.name}" (OAuth 1.0a): consumer key ${n.consumerKey}, consumer secret ${n.consumerSecret}, access token ${n.accessToken}, token secret ${n.tokenSecret}`,
          ),
      ],
    };
  },
};
