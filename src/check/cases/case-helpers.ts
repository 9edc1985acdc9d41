import type { Accounts, AccountRole, Login } from '../accounts.js';
import type { ApiModel, OperationModel } from '../spec-model.js';
import type { CallSpec, Expectation } from '../case-types.js';
import type { Session } from '../session.js';
import { substituteCredentials } from '../api-profile.js';
import { encodeBody } from '../encode-body.js';

export interface BuildInput {
  models: Record<string, ApiModel>;
  /** the APIs being checked */
  apis: string[];
  accounts: Accounts;
  /** failed logins after which the lockout account must be locked */
  lockoutAttempts: number;
}

/** Why Prism's validating proxy answers a request itself instead of forwarding it. */
export const PRISM_ANSWERS = {
  noCredential:
    'Prism checks the security requirements itself: a request without a declared credential gets its own 401 application/problem+json and is never forwarded',
  malformedJson: "Prism's own body parser answers malformed JSON (400 {error: invalid_json}) before forwarding",
  undeclaredBearer:
    "Prism answers 401 itself when a request carries an Authorization header that the operation's security does not declare (here: no bearer scheme)",
  signedUrl:
    'an OAuth 1.0a signature covers the URL the client addressed; a proxy forwards to another host and path, so the server rightly finds the signature invalid',
} as const;

/** The role a caller needs to be served, from the spec's x-authmock-permission: the API's first role that reaches it. */
export function grantedRole(m: OperationModel): AccountRole | undefined {
  const permission = m.op.permission ?? { kind: 'anonymous' };
  if (permission.kind === 'anonymous') return undefined;
  const roles = Object.keys(m.profile.roles).filter((r) => r !== m.profile.lockoutRole);
  const reach = permission.kind === 'self' ? 'self' : permission.kind === 'acl' ? 'all-resources' : undefined;
  return reach ? roles.find((r) => m.profile.roles[r].reach === reach) : roles[0];
}

/** The accounts a request of this operation needs: its caller, and whose credentials a login example stands for. */
export function requiredRoles(m: OperationModel, caller: AccountRole | undefined): AccountRole[] {
  const example = m.profile.exampleRole[m.op.operationId];
  return [...new Set([caller, example].filter((r): r is AccountRole => r !== undefined))];
}

/**
 * The spec's first JSON request example, with real credentials where it is a login, and
 * the caller's own token in a token field (the example's token was never issued here).
 */
export function positiveBody(
  m: OperationModel,
  accounts: Accounts,
  example = m.examples[0]?.value,
  token?: string,
): Record<string, unknown> | undefined {
  if (!example) return undefined;
  const body = substituteCredentials(example, m.profile.exampleRole[m.op.operationId], accounts, m.profile);
  for (const key of m.security.queryKeys) {
    if (!(key in body)) continue;
    if (token === undefined) delete body[key];
    else body[key] = token;
  }
  return body;
}

/** A token for the caller; operations that revoke get a fresh one so cached tokens survive. */
export async function tokenFor(m: OperationModel, session: Session, role: AccountRole | undefined): Promise<string | undefined> {
  if (!role) return undefined;
  return m.profile.revoke?.operationId === m.op.operationId ? session.freshToken(role) : session.token(role);
}

/** Path parameters: an account's id where the profile says so, else the spec's example. */
export async function pathParamsFor(m: OperationModel, session: Session): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  for (const p of m.pathParams) {
    const role = m.profile.pathRoles[m.op.operationId]?.[p.name];
    const id = role ? await session.idOf(role) : undefined;
    out[p.name] = (id ?? p.example ?? 1) as string | number;
  }
  return out;
}

/** The request a served caller makes: token, path parameters and the positive body. */
export async function servedCall(
  m: OperationModel,
  session: Session,
  caller: AccountRole | undefined,
  example = m.examples[0]?.value,
): Promise<CallSpec> {
  return callWithToken(m, session, await tokenFor(m, session, caller), example);
}

/** The valid request of an operation, made with a given token (or none, also not in a token field). */
export async function callWithToken(
  m: OperationModel,
  session: Session,
  token: string | undefined,
  example = m.examples[0]?.value,
): Promise<CallSpec> {
  const body = positiveBody(m, session.accounts, example, token);
  return {
    api: m.api,
    operationId: m.op.operationId,
    token,
    pathParams: await pathParamsFor(m, session),
    body: body ? encodeBody(body, 'application/json') : undefined,
  };
}

/** A check that a `self`/`token` answer belongs to the caller, when the profile knows how. */
export function ownerCheck(m: OperationModel, accounts: Accounts, role: AccountRole | undefined): Expectation['verify'] {
  const test = m.profile.owner[m.op.operationId];
  const login = role ? accounts[role] : undefined;
  if (!test || !login?.username) return undefined;
  return { check: 'answer_belongs_to_caller', test: (body) => test(body, login as Login & { id?: number }) };
}

/** Whether a request without a token lacks what the operation's security asks for. */
export function lacksCredential(m: OperationModel): boolean {
  return !m.security.open;
}

export function makeCaseId(m: OperationModel, ...parts: string[]): string {
  return [m.api, m.op.operationId, ...parts]
    .join('.')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .toLowerCase();
}
