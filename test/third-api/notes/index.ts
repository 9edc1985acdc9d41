import { join } from 'node:path';
import type { ApiModule } from '../../../src/apis/api-module.js';
import type { Principal } from '../../../src/core/types.js';
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
  prefix: '/notesapi',
  servedAt: '/notesapi/...',
  userTypes: ['notes'],
  checker: notesCheckerProfile,
  build(setup) {
    const users = loadNotesFixtures(setup);
    return {
      dialect: createNotesDialect(),
      handlers: notesHandlers,
      tokens: createNotesTokens(),
      seed: users.map(userToIdentity),
      async resolvePrincipal(record, ctx): Promise<Principal | undefined> {
        if (record.userType !== 'notes') return undefined;
        const user = await findUser(ctx.services.store.identities, ctx.ns.name, record.userId);
        return (
          user && {
            kind: 'user',
            userType: 'notes',
            userId: user.username,
            tokenId: record.id,
            access: { selfService: false },
            identity: user,
          }
        );
      },
      describeAccounts: () => [`users: ${users.map((u) => u.username).join(', ')}`],
    };
  },
};
