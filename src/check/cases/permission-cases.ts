import type { Permission } from '../../core/types.js';

const ANONYMOUS: Permission = { kind: 'anonymous' };
import type { Accounts, AccountRole } from '../accounts.js';
import { findRole, type ApiProfile } from '../api-profile.js';
import type { CheckCase, Expectation } from '../case-types.js';
import type { OperationModel } from '../spec-model.js';
import type { Session } from '../session.js';
import {
  makeCaseId,
  lacksCredential,
  ownerCheck,
  PRISM_ANSWERS,
  requiredRoles,
  callWithToken,
  tokenFor,
  type BuildInput,
} from './case-helpers.js';

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
    const outcome = expectedAccess(m.op.permission ?? ANONYMOUS, caller.key, input.accounts, m.profile);
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
      matrix: {
        caller: caller.key,
        callerTitle: caller.title,
        expected: outcome,
        permission: describePermission(m.op.permission ?? ANONYMOUS),
      },
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
  for (const [role, declared] of Object.entries(profile.roles)) {
    if (role === profile.lockoutRole) continue; // locked at the end; its token is not part of the matrix
    callers.push({ key: role, title: declared.title, role, token: (s, m) => tokenFor(m, s, role), requires: [role], tags: {} });
  }
  if (profile.revoke) {
    const role = profile.revoke.role;
    callers.push({
      key: 'revoked',
      title: `a revoked ${profile.roles[role].title.replace(/^an? /, '')}`,
      token: (s) => s.revokedToken(api),
      requires: [role],
      tags: {},
    });
  }
  for (const other of Object.keys(input.models).filter((a) => a !== api)) {
    const [role, declared] = Object.entries(input.models[other].profile.roles)[0];
    callers.push({
      key: `${other}-token`,
      title: `${declared.title} (other API)`,
      token: (s) => s.token(role),
      requires: [role],
      tags: { crossApi: true },
    });
  }
  return callers;
}

/**
 * What a caller gets, from the permission kind and what the caller's role reaches in this
 * API (callers that are no role of it, a garbage, revoked or other API's token, reach
 * nothing). anonymous: anyone; self: a role acting for itself (an all-resources role
 * passes the ACL but is nobody's self: commerce answers it 400, docs/commerce-platform.md
 * §6); ACL ids: all-resources roles, and some-resources roles whose account lists them
 * all; token: any role of the API.
 */
export function expectedAccess(permission: Permission, caller: string, accounts: Accounts, profile: ApiProfile): Expectation['outcome'] {
  if (permission.kind === 'anonymous') return 'success';
  const reach = findRole(profile, caller)?.reach;
  if (reach === undefined) return 'denied';
  switch (permission.kind) {
    case 'self':
      return reach === 'self' ? 'success' : reach === 'all-resources' ? 'rejected' : 'denied';
    case 'acl': {
      if (reach === 'all-resources') return 'success';
      const granted = accounts[caller]?.resources ?? [];
      return reach === 'some-resources' && permission.resources.every((r) => granted.includes(r)) ? 'success' : 'denied';
    }
    case 'token':
      return 'success';
  }
}
