import type { Permission, SecurityRequirement } from '../core/types.js';

/**
 * What an operation asks of its caller, in words for the journal and the request log:
 * a built-in's permission (`anonymous`, `self`, `token`, its ACL resources), else its
 * requirements (`bearerAuth[read:pets] or api_key`), `anyone` when open.
 */
export function describeRequired(permission: Permission | undefined, security: readonly SecurityRequirement[]): string {
  const p = permission;
  if (p) return p.kind === 'acl' ? p.resources.join(', ') : p.kind;
  if (security.length === 0) return 'anyone';
  return security
    .map((req) =>
      req.length === 0 ? 'anyone' : req.map((e) => (e.scopes.length ? `${e.scheme}[${e.scopes.join(' ')}]` : e.scheme)).join(' and '),
    )
    .join(' or ');
}
