import type { ApiModule } from '../api-module.js';
import type { Handler } from '../../pipeline/context.js';
import { createCommerceDialect } from './dialect.js';
import { commerceHandlers } from './handlers/index.js';
import { createCommerceTokens } from './token-codec.js';
import { loadCommerceFixtures } from './load-fixtures.js';
import { resolveCommercePrincipal } from './resolve-principal.js';
import { commerceCheckerProfile } from './checker-profile.js';
import { commerceIdentityKinds } from './control-kinds.js';

/** The commerce platform's REST API with token authentication (docs/commerce-platform.md). */
export const commerceModule: ApiModule = {
  name: 'commerce',
  specFile: 'commerce.openapi.yaml',
  fixtureFile: 'commerce.yaml',
  prefix: '/rest',
  servedAt: '/rest/V1/...',
  userTypes: ['customer', 'admin'],
  checker: commerceCheckerProfile,
  build(setup) {
    const fixtures = loadCommerceFixtures(setup);
    const storeCodes = ['default', 'all', ...[...fixtures.stores.keys()].filter((c) => c !== 'default')];
    return {
      dialect: createCommerceDialect(fixtures.stores, setup.config.developerMode, setup.json),
      handlers: commerceHandlers as Record<string, Handler>,
      tokens: createCommerceTokens(setup.tokenKey),
      seed: fixtures.seed,
      resolvePrincipal: resolveCommercePrincipal,
      identityKinds: commerceIdentityKinds(setup.secrets, setup.schema('Customer')),
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
