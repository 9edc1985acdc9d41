import type { ModuleSetup } from '../../../src/apis/api-module.js';
import { requireFixture } from '../../../src/fixtures/fixture-error.js';
import type { NotesUser } from './identities.js';

/** Reads notes.yaml: users with a password and their notes. */
export function loadNotesFixtures(setup: ModuleSetup): NotesUser[] {
  const doc = (setup.fixtures ?? {}) as { users?: any[] };
  return (doc.users ?? []).map((u, i) => {
    requireFixture(
      typeof u?.username === 'string' && typeof u.password === 'string',
      setup.fixtureFile,
      `users[${i}]`,
      'needs username and password',
    );
    return { username: u.username, passwordDigest: setup.secrets.digest(u.password), notes: u.notes ?? [] };
  });
}
