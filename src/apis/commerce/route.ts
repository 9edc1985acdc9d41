import type { Incoming } from '../../pipeline/stages.js';
import { commerceError } from './error-codes.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const VERSION = /^\/V\d+(\/|$)/;

/** Operations that exist only with --admin-2fa: without it the platform has no such route. */
export const TWO_FACTOR_OPERATIONS = new Set(['createAdminAccessTokenWithGoogle']);

/**
 * The platform's routing before the route table: strip /rest and an optional store code,
 * insist on /V<n>, refuse methods it does not know. The path left is the route's.
 */
export function splitCommercePath(req: Incoming, storeCodes: ReadonlySet<string>): { path: string; scope: string } {
  const rest = req.path.slice('/rest'.length);
  const first = /^\/([^/]+)/.exec(rest)?.[1];
  let path = rest;
  let scope = 'default';
  if (first && !/^V\d+$/.test(first)) {
    if (first !== 'all' && !storeCodes.has(first)) throw commerceError('ROUTE_NOT_PROCESSABLE');
    scope = first;
    path = rest.slice(first.length + 1);
  }
  if (!VERSION.test(path)) throw commerceError('ROUTE_NOT_PROCESSABLE');
  if (!METHODS.has(req.method)) throw commerceError('METHOD_INVALID');
  return { path, scope };
}
