import { join } from 'node:path';
import type { ApiModule } from '../../../src/apis/api-module.js';
import type { UserPrincipal } from '../../../src/auth/verdict.js';
import { createNotesDialect } from './dialect.js';
import { notesHandlers } from './handlers.js';
import { createNotesTokens } from './token-codec.js';
import { loadNotesFixtures } from './load-fixtures.js';
import { findUser, userToIdentity } from './identities.js';
import { notesCheckerProfile } from './checker-profile.js';

/** A third API, from this folder alone: passed to createRuntime and runCheckCommand beside the registry. */
export const notesModule: ApiModule = {
  name: 'notes',
  specFile: join(import.meta.dirname, 'notes.openapi.yaml'),
  fixtureFile: join(import.meta.dirname, 'notes.yaml'),
  claims: ['/notesapi'],
  userTypes: ['notes'],
  build(setup) {
    const users = loadNotesFixtures(setup);
    const tokens = createNotesTokens();
    return {
      dialect: createNotesDialect(),
      handlers: notesHandlers,
      tokens,
      seed: users.map(userToIdentity),
      directory: (ns, services) => ({
        now: () => ns.now(),
        tokens: {
          codec: tokens,
          find: (id) => services.store.tokens.find({ ns: ns.name, api: 'notes', id }),
          async principalOf(record): Promise<UserPrincipal | undefined> {
            if (record.userType !== 'notes') return undefined;
            const user = await findUser(services.store.identities, ns.name, record.userId);
            return (
              user && {
                kind: 'user',
                userType: 'notes',
                userId: user.username,
                subject: user.username,
                tokenId: record.id,
                scopes: new Set(),
                identity: user,
              }
            );
          },
        },
      }),
      strictAnswers: true,
      describeAccounts: () => [`users: ${users.map((u) => u.username).join(', ')}`],
    };
  },
};

/** What `authmock check` is given: the notes module beside its checker profile. */
export const notesChecked = {
  name: 'notes',
  specFile: notesModule.specFile,
  fixtureFile: notesModule.fixtureFile,
  checker: notesCheckerProfile,
};
