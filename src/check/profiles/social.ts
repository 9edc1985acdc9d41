import type { ApiProfile } from '../api-profile.js';
import { LOGIN_FIELDS, WRONG_PASSWORD as WRONG, withLoginName } from '../api-profile.js';

/** What the contract checker cannot read from the social spec (see the commerce profile). */
export const socialCheckerProfile: ApiProfile = {
  api: 'social',
  roles: {
    social: {
      login: 'login',
      reach: 'token',
      title: 'a social userToken',
      envPrefix: 'SOCIAL',
      fields: { ...LOGIN_FIELDS, email: { env: 'EMAIL' } },
      // a login also carries the client app's key pair (docs/social-api.md)
      needs: ['socialApp'],
      fromFixtures: (doc) => {
        const u = (doc.users ?? []).find((x: any) => x.verified && x.approved);
        return u ? { username: u.profile.username, email: u.profile.email, password: String(u.password) } : undefined;
      },
    },
  },
  credentials: {
    socialApp: {
      envPrefix: 'SOCIAL',
      fields: { apiKey: { env: 'API_KEY', required: true }, secretKey: { env: 'API_SECRET', required: true } },
      fromFixtures: (doc) => {
        const app = (doc.clientApps ?? [])[0];
        return app ? { apiKey: app.apiKey, secretKey: String(app.secretKey) } : undefined;
      },
    },
  },
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
