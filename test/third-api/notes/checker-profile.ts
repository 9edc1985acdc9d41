import type { ApiProfile } from '../../../src/check/api-profile.js';
import { LOGIN_FIELDS, WRONG_PASSWORD } from '../../../src/check/api-profile.js';

/** What `authmock check` needs beyond the notes spec: one role, reaching any `token` operation. */
export const notesCheckerProfile: ApiProfile = {
  api: 'notes',
  roles: {
    notes: {
      login: 'login',
      reach: 'token',
      title: 'a notes token',
      envPrefix: 'NOTES',
      fields: LOGIN_FIELDS,
      fromFixtures: (doc) => {
        const u = (doc.users ?? [])[0];
        return u ? { username: String(u.username), password: String(u.password) } : undefined;
      },
    },
  },
  exampleRole: { login: 'notes' },
  readToken: (body: any) => (typeof body?.token === 'string' ? body.token : undefined),
  owner: {
    listNotes: (body, login) =>
      body?.owner === login.username ? undefined : `answered the notes of ${body?.owner}, not of ${login.username}`,
  },
  pathRoles: {},
  wrongCredentials: {
    login: [
      { title: 'wrong password', change: (b) => ({ ...b, password: WRONG_PASSWORD }) },
      { title: 'unknown user', change: (b) => ({ ...b, username: 'no-such-user-authmock-check' }) },
    ],
  },
};
