import type { CaseResult } from '../case-types.js';

// the object-level cells' first judged request: A's create, B's attempt, the anonymous read, A's delete
const ACCESS_CHECKS = new Set([
  'access_allowed',
  'access_denied',
  'access_not_granted',
  'object_read_back',
  'object_read',
  'object_changed',
  'object_deleted',
  'object_anonymous',
  'list_answered',
]);

/** The status a matrix cell's access check judged (its step ends in `-> <status>`), if a request was answered. */
export function matrixStatus(r: Pick<CaseResult, 'checks'>): number | undefined {
  const access = r.checks.find((c) => ACCESS_CHECKS.has(c.name));
  const status = access && /-> (\d{3})$/.exec(access.step)?.[1];
  return status ? Number(status) : undefined;
}
