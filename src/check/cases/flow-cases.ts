import type { ApiProfile } from '../api-profile.js';
import type { AccountRole } from '../accounts.js';
import type { CaseContext, CheckCase } from '../case-types.js';
import type { Exchange } from '../http-client.js';
import type { OperationModel } from '../spec-model.js';
import { callWithToken, ownerCheck, type BuildInput } from './case-helpers.js';

type Op = (id: string) => OperationModel | undefined;

/**
 * Stateful flows as real clients go through them: a token's life from login to
 * revocation, two customers each seeing only their own record, an admin reading a
 * customer by id. Lockout is built separately: it must run last.
 */
export function buildFlowCases(api: string, input: BuildInput): CheckCase[] {
  const find: Op = (id) => input.models[api].operations.find((m) => m.op.operationId === id);
  return [lifecycleFlow(api, find, input), ownRecordFlow(api, find, input), lookupFlow(api, find, input)].filter(
    (c): c is CheckCase => c !== undefined,
  );
}

function defineFlow(
  api: string,
  operationId: string,
  key: string,
  title: string,
  requires: AccountRole[],
  run: CheckCase['run'],
  tags: CheckCase['tags'] = {},
): CheckCase {
  return { id: `${api}.flow.${key}`, api, operationId, title, category: 'flow', requires, tags, run };
}

/** Logs a role in through a checked request and returns the token (undefined when refused). */
async function logIn(ctx: CaseContext, role: AccountRole, check = 'login_accepted'): Promise<string | undefined> {
  const call = ctx.session.loginCall(role);
  const ex = await ctx.call(call, { check, outcome: 'success' });
  return readIssuedToken(ctx.session.profile(call.api), ex);
}

function readIssuedToken(profile: ApiProfile, ex: Exchange | undefined): string | undefined {
  if (!ex || ex.status < 200 || ex.status > 299) return undefined;
  try {
    return profile.readToken(JSON.parse(ex.text));
  } catch {
    return undefined;
  }
}

function lifecycleFlow(api: string, find: Op, input: BuildInput): CheckCase | undefined {
  const { lifecycle, revoke } = input.models[api].profile;
  const read = lifecycle && find(lifecycle.readOperationId);
  const revokeOp = revoke && find(revoke.operationId);
  if (!lifecycle || !read || !revokeOp) return undefined;
  const verify = ownerCheck(read, input.accounts, lifecycle.role);
  return defineFlow(
    api,
    revokeOp.op.operationId,
    'token-lifecycle',
    `log in -> ${read.op.operationId} -> ${revokeOp.op.operationId} -> ${read.op.operationId} is refused`,
    [lifecycle.role],
    async (ctx) => {
      const token = await logIn(ctx, lifecycle.role);
      if (!token) return;
      await ctx.call(
        { ...(await callWithToken(read, ctx.session, token)), label: 'read with the new token' },
        { check: 'token_accepted', outcome: 'success', verify },
      );
      await ctx.call(
        { ...(await callWithToken(revokeOp, ctx.session, token)), label: 'revoke it' },
        { check: 'revocation_accepted', outcome: 'success' },
      );
      await ctx.call(
        { ...(await callWithToken(read, ctx.session, token)), label: 'read with the revoked token' },
        { check: 'revoked_token_rejected', outcome: 'denied' },
      );
      await ctx.call(
        { ...(await callWithToken(revokeOp, ctx.session, token)), label: 'revoke it again' },
        { check: 'revoked_token_rejected', outcome: 'denied' },
      );
      const again = await logIn(ctx, lifecycle.role, 'login_after_revocation_accepted');
      if (again === token)
        ctx.record('new_token_after_revocation', revokeOp.op.operationId, 'the login after revocation returned the revoked token again');
    },
  );
}

/** The lockout account is a second customer: before it is locked, it must see its own record only. */
function ownRecordFlow(api: string, find: Op, input: BuildInput): CheckCase | undefined {
  const { lifecycle, lockoutRole } = input.models[api].profile;
  const read = lifecycle && find(lifecycle.readOperationId);
  if (!lifecycle || !read || !lockoutRole) return undefined;
  const roles = [lifecycle.role, lockoutRole];
  return defineFlow(
    api,
    read.op.operationId,
    'own-record',
    `two accounts each read only their own record (${read.op.operationId})`,
    roles,
    async (ctx) => {
      for (const role of roles) {
        const token = await logIn(ctx, role);
        if (!token) continue;
        const verify = ownerCheck(read, input.accounts, role);
        await ctx.call(
          { ...(await callWithToken(read, ctx.session, token)), label: `read as ${role}` },
          { check: 'token_accepted', outcome: 'success', verify },
        );
      }
    },
  );
}

function lookupFlow(api: string, find: Op, input: BuildInput): CheckCase | undefined {
  const lookup = input.models[api].profile.lookup;
  const op = lookup && find(lookup.operationId);
  if (!lookup || !op) return undefined;
  const verify = ownerCheck(op, input.accounts, lookup.idOf);
  return defineFlow(
    api,
    op.op.operationId,
    'lookup-by-id',
    `${lookup.role} logs in -> ${op.op.operationId} (known id, then unknown id 404)`,
    [lookup.role, lookup.idOf],
    async (ctx) => {
      const token = await logIn(ctx, lookup.role);
      if (!token) return;
      const call = await callWithToken(op, ctx.session, token);
      await ctx.call({ ...call, label: 'known id' }, { check: 'lookup_served', outcome: 'success', verify });
      const unknown = { ...call, label: 'unknown id', pathParams: { ...call.pathParams, [lookup.param]: lookup.unknownId } };
      await ctx.call(unknown, { check: 'unknown_id_not_found', outcome: 404 });
    },
  );
}

/** Failed logins lock the account: even the right password is refused afterwards. Runs last. */
export function buildLockoutCase(api: string, input: BuildInput): CheckCase | undefined {
  const role = input.models[api].profile.lockoutRole;
  if (!role) return undefined;
  const attempts = input.lockoutAttempts;
  return defineFlow(
    api,
    input.models[api].profile.roles[role].login,
    'lockout',
    `${attempts} failed logins lock the account; then the right password is refused`,
    [role],
    async (ctx) => {
      if (!(await logIn(ctx, role, 'lockout_account_usable'))) return;
      for (let i = 1; i <= attempts; i++) {
        const wrong = { ...ctx.session.loginCall(role, `wrong-password-${i}-authmock-check`), label: `wrong password ${i}/${attempts}` };
        await ctx.call(wrong, { check: 'wrong_credentials_rejected', outcome: 'denied' });
      }
      await ctx.call(
        { ...ctx.session.loginCall(role), label: 'right password while locked' },
        { check: 'lockout_enforced', outcome: 'denied' },
      );
    },
    { lockout: true },
  );
}
