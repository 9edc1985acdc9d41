import type { Permission } from '../../core/types.js';
import type { Accounts, AccountRole } from '../accounts.js';
import type { CheckCase, Expectation } from '../case-types.js';
import type { OperationModel } from '../spec-model.js';
import type { Session } from '../session.js';
import { makeCaseId, lacksCredential, ownerCheck, PRISM_ANSWERS, requiredRoles, callWithToken, tokenFor, type BuildInput } from './case-helpers.js';

/** Who calls: a role's live token, or a token that must not work. */
interface Caller {
  key: string;
  title: string;
  role?: AccountRole;
  token(session: Session, m: OperationModel): Promise<string | undefined>;
  requires: AccountRole[];
  tags: CheckCase['tags'];
}

export const GARBAGE_TOKEN = 'garbage-token-authmock-check';

/**
 * The permission matrix the spec's x-authmock-permission implies: every operation
 * called with no token, a garbage token, a revoked token, each of its API's roles and
 * the other API's token. The body is the valid one, so only the caller differs.
 */
export function buildPermissionCases(m: OperationModel, input: BuildInput): CheckCase[] {
  return callersOf(m.api, input).map((caller) => {
    const outcome = expectedAccess(m.op.permission, caller.key, input.accounts);
    const expect: Expectation = {
      check: outcome === 'success' ? 'access_allowed' : outcome === 'denied' ? 'access_denied' : 'access_not_granted',
      outcome,
      verify: outcome === 'success' ? ownerCheck(m, input.accounts, caller.role) : undefined,
    };
    const tags = { ...caller.tags };
    if (caller.key === 'none' && lacksCredential(m)) tags.prismAnswers = PRISM_ANSWERS.noCredential;
    if (caller.key !== 'none' && !m.security.bearer) tags.prismAnswers = PRISM_ANSWERS.undeclaredBearer;
    return {
      id: makeCaseId(m, 'permission', caller.key),
      api: m.api,
      operationId: m.op.operationId,
      title: `${caller.title} -> ${describeOutcome(outcome)}`,
      category: 'permission',
      requires: [...new Set([...requiredRoles(m, undefined), ...caller.requires])],
      tags,
      matrix: { caller: caller.key, callerTitle: caller.title, expected: outcome, permission: describePermission(m.op.permission) },
      run: async (ctx) => {
        await ctx.call(await callWithToken(m, ctx.session, await caller.token(ctx.session, m)), expect);
      },
    } satisfies CheckCase;
  });
}

function describePermission(permission: Permission): string {
  return permission.kind === 'acl' ? permission.resources.join(', ') : permission.kind;
}

function describeOutcome(outcome: Expectation['outcome']): string {
  return outcome === 'success' ? 'served' : outcome === 'denied' ? 'denied (401/403)' : 'not served (4xx)';
}

function callersOf(api: string, input: BuildInput): Caller[] {
  const profile = input.models[api].profile;
  const callers: Caller[] = [
    { key: 'none', title: 'no token', token: async () => undefined, requires: [], tags: {} },
    { key: 'garbage', title: 'a garbage token', token: async () => GARBAGE_TOKEN, requires: [], tags: {} },
  ];
  for (const role of Object.keys(profile.logins) as AccountRole[]) {
    if (role === 'lockout') continue; // locked at the end; its token is not part of the matrix
    callers.push({ key: role, title: ROLE_TITLES[role], role, token: (s, m) => tokenFor(m, s, role), requires: [role], tags: {} });
  }
  if (profile.revoke) {
    const role = profile.revoke.role;
    callers.push({ key: 'revoked', title: `a revoked ${ROLE_TITLES[role].replace(/^an? /, '')}`, token: (s) => s.revokedToken(api), requires: [role], tags: {} });
  }
  for (const other of Object.keys(input.models).filter((a) => a !== api)) {
    const role = Object.keys(input.models[other].profile.logins)[0] as AccountRole;
    callers.push({ key: `${other}-token`, title: `${ROLE_TITLES[role]} (other API)`, token: (s) => s.token(role), requires: [role], tags: { crossApi: true } });
  }
  return callers;
}

/**
 * anonymous: anyone; self: only a customer (an all-resources admin passes the ACL but is
 * no customer, so it must not be served either); ACL ids: admins whose role has them all;
 * token: a live token of the API's own login.
 */
export function expectedAccess(permission: Permission, caller: string, accounts: Accounts): Expectation['outcome'] {
  switch (permission.kind) {
    case 'anonymous':
      return 'success';
    case 'self':
      return caller === 'customer' ? 'success' : caller === 'admin' ? 'rejected' : 'denied';
    case 'acl': {
      if (caller === 'admin') return 'success';
      const granted = accounts.restrictedAdmin?.resources ?? [];
      return caller === 'restrictedAdmin' && permission.resources.every((r) => granted.includes(r)) ? 'success' : 'denied';
    }
    case 'token':
      return caller === 'social' ? 'success' : 'denied';
  }
}

const ROLE_TITLES: Record<AccountRole, string> = {
  customer: 'a commerce customer token',
  lockout: 'a second customer token',
  admin: 'an admin token (all resources)',
  restrictedAdmin: 'a restricted admin token',
  social: 'a social userToken',
};
