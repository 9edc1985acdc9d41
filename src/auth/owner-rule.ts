import type { Principal } from '../core/types.js';

/** Who besides its owner may touch a collection's objects. */
export type Visibility = 'private' | 'shared-read' | 'shared';

/** What a collection's identity-file entry (or its default) says of ownership. */
export interface OwnershipPolicy {
  visibility: Visibility;
  /** what a caller who may not even read an object is answered: 404 (it does not exist for them) or 403 */
  others: 404 | 403;
  /** scopes whose holders may touch every object */
  adminScopes: readonly string[];
}

/** What the caller does to an object. */
export type Access = 'read' | 'write';

export type AccessVerdict = { allowed: true } | { allowed: false; status: 403 | 404 };

/**
 * The one owner rule the server and `authmock check` share. An object with no owner (a
 * seed) is everyone's that passes security; `shared` checks no owner; `private` lets only
 * the owner and admins in, others are told 404 (or 403 with `others: 403`); `shared-read`
 * lets every caller read and only the owner and admins change, others get 403.
 */
export function judgeAccess(policy: OwnershipPolicy, owner: string | undefined, caller: Principal, access: Access): AccessVerdict {
  if (owner === undefined || policy.visibility === 'shared') return ALLOWED;
  if (caller.kind === 'user' && (caller.subject === owner || isAdmin(policy, caller))) return ALLOWED;
  if (policy.visibility === 'shared-read') return access === 'read' ? ALLOWED : { allowed: false, status: 403 };
  return { allowed: false, status: policy.others };
}

/** Whether a list shows the caller every object, or only its own and the unowned (undefined: every one). */
export function visibleTo(policy: OwnershipPolicy, caller: Principal): string | undefined {
  if (policy.visibility !== 'private' || (caller.kind === 'user' && isAdmin(policy, caller))) return undefined;
  // a guest on a private collection sees only what no one owns
  return caller.kind === 'user' ? caller.subject : '\0guest';
}

export function isAdmin(policy: OwnershipPolicy, caller: Principal): boolean {
  if (caller.kind !== 'user') return false;
  const { scopes } = caller;
  return scopes === 'all' || policy.adminScopes.some((s) => scopes.has(s));
}

const ALLOWED: AccessVerdict = Object.freeze({ allowed: true });
