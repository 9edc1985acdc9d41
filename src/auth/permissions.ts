import type { Permission, Principal } from '../core/types.js';

/**
 * Whether a caller may reach an operation, as the commerce platform's ACL decides:
 * `anonymous` is open to all; `self` needs a customer, or an admin whose role has all
 * resources (the platform's ACL falls back to the root rule); ACL ids need an admin whose
 * role has every one of them; `token` needs a live social userToken.
 */
export function isAllowed(permission: Permission, who: Principal): boolean {
  switch (permission.kind) {
    case 'anonymous':
      return true;
    case 'self':
      return who.kind === 'customer' || (who.kind === 'admin' && who.resources === 'all');
    case 'acl':
      if (who.kind !== 'admin') return false;
      if (who.resources === 'all') return true;
      return permission.resources.every((r) => (who.resources as ReadonlySet<string>).has(r));
    case 'token':
      return who.kind === 'social';
  }
}

/** The resource list the platform names in its 401. */
export function describeResources(permission: Permission): string {
  switch (permission.kind) {
    case 'acl':
      return permission.resources.join(', ');
    default:
      return permission.kind;
  }
}
