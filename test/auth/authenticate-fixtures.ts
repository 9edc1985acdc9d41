import type { Principal, SecurityRequirement } from '../../src/core/types.js';
import type { UserPrincipal, Verdict } from '../../src/auth/verdict.js';

// The callers, requirements and verdicts of the unit tests of src/auth/authenticate.ts.

export const user = (subject: string, scopes: string[] | 'all' = []): UserPrincipal => ({
  kind: 'user',
  userType: 'user',
  userId: subject,
  subject,
  scopes: scopes === 'all' ? 'all' : new Set(scopes),
  identity: {},
});
export const ann = user('ann', ['tasks:read']);
export const bob = user('bob', ['tasks:read', 'tasks:write']);
export const GUEST: Principal = { kind: 'guest' };

/** `bearer`, `oauth2:tasks:read tasks:write` */
export const req = (...entries: string[]): SecurityRequirement =>
  entries.map((e) => {
    const [scheme, scopes] = e.split('=');
    return { scheme, scopes: scopes ? scopes.split(' ') : [] };
  });
export const verdicts = (entries: Record<string, Verdict> = {}) => new Map(Object.entries(entries));
export const REQUEST = { method: 'GET', url: 'http://localhost/tasks' };
