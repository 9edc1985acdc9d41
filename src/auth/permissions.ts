import type { Permission, Principal } from '../core/types.js';

/**
 * Whether a caller may reach an operation, as the commerce platform's ACL decides
 * (docs/commerce-platform.md, permissions): `anonymous` is open to all; `self` needs a
 * caller acting for itself (a customer), or one whose role has all resources (the
 * platform's ACL falls back to the root rule); ACL ids need every one of them in the
 * caller's resources; `token` needs any live token of the API.
 */
export function isAllowed(permission: Permission, who: Principal): boolean {
  if (permission.kind === 'anonymous') return true;
  if (who.kind !== 'user') return false;
  const { resources, selfService } = who.access;
  switch (permission.kind) {
    case 'token':
      return true;
    case 'self':
      return selfService || resources === 'all';
    case 'acl':
      if (resources === 'all') return true;
      return !!resources && permission.resources.every((r) => resources.has(r));
  }
}

/** The resource list the platform names in its 401. */
export function describeResources(permission: Permission): string {
  return permission.kind === 'acl' ? permission.resources.join(', ') : permission.kind;
}
