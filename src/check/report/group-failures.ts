import type { CaseResult, CheckResult } from '../case-types.js';

/** Who must change for a failed check to pass: the server under test, or the spec itself. */
export type Cause = 'server' | 'spec';

export interface FailureGroup {
  cause: Cause;
  /** the check's name, e.g. `status_code_conformance` */
  name: string;
  /** the first failure's message */
  message: string;
  count: number;
  /** the operations it failed for, `api operationId`, each once, in the order met */
  operations: string[];
}

/**
 * Whose a failed check is. The spec's: a status the case asked for (a 401, 403 or 404
 * refusal) that the spec does not declare ("status 404 is not declared (declared: 200,
 * 401)"), a success of an operation that declares none (only its errors), and, when the
 * target is authmock (which answers only with what the spec gives it), a body that fails
 * the spec's own schema, its example or sample. Anything else is the server's.
 */
export function causeOf(check: Pick<CheckResult, 'name' | 'specOmits'>, targetIsAuthmock: boolean): Cause {
  if (check.specOmits) return 'spec';
  if (targetIsAuthmock && (check.name === 'response_schema_conformance' || check.name === 'content_type_conformance')) return 'spec';
  return 'server';
}

/** A message with its numbers, ids and quoted values made alike, so that failures that differ only there group together. */
export function normalizeMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/"[^"]*"|'[^']*'/g, '"…"')
    .replace(/\d+(\.\d+)?/g, '<n>');
}

/**
 * The failed checks of a run as findings: identical ones (same check, same message once
 * numbers and ids are set aside, same cause) are one, with a count and the operations.
 * The spec's come first, then the server's; the most frequent first within each.
 */
export function groupFailures(results: readonly CaseResult[], targetIsAuthmock: boolean): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const r of results) {
    for (const c of r.checks) {
      if (c.passed) continue;
      const cause = causeOf(c, targetIsAuthmock);
      const key = `${cause}\u0000${c.name}\u0000${normalizeMessage(c.message ?? '')}`;
      const group = groups.get(key) ?? { cause, name: c.name, message: c.message ?? '', count: 0, operations: [] };
      group.count++;
      const operation = `${c.api} ${c.operationId}`;
      if (!group.operations.includes(operation)) group.operations.push(operation);
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => (a.cause === b.cause ? b.count - a.count : a.cause === 'spec' ? -1 : 1));
}
