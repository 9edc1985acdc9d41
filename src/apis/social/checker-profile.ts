import type { ApiProfile } from '../../check/api-profile.js';
import { WRONG_PASSWORD as WRONG, withLoginName } from '../../check/api-profile.js';

/** What the contract checker cannot read from the social spec (see the commerce profile). */
export const socialCheckerProfile: ApiProfile = {
  api: 'social',
  logins: { social: 'login' },
  exampleRole: { login: 'social' },
  readToken: (body: any) => (typeof body?.user?.userToken === 'string' ? body.user.userToken : undefined),
  revoke: { operationId: 'logout', role: 'social' },
  owner: {
    getProfile: (body, login) => {
      const u = body?.user ?? {};
      const names = [login.username, login.email].filter(Boolean).map((n) => n!.toLowerCase());
      return names.includes(String(u.username).toLowerCase()) || names.includes(String(u.email).toLowerCase())
        ? undefined
        : `answered user ${u.username}, not the token's owner ${login.username}`;
    },
  },
  pathRoles: {},
  lifecycle: { role: 'social', readOperationId: 'getProfile' },
  wrongCredentials: {
    login: [
      { title: 'wrong password', change: (b) => ({ ...b, password: WRONG }) },
      { title: 'unknown user', change: (b) => withLoginName(b, 'no-such-user-authmock-check') },
      { title: 'wrong client secret', change: (b) => ({ ...b, secretKey: 'wrong-secret-authmock-check' }) },
    ],
  },
};
