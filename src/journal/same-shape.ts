import type { JournalRecord } from './journal.js';

/**
 * Whether two records make the same entry but for its time, duration and bodies: every
 * value the shape is made of equal, compared field by field with nothing built. Under
 * load the same request is answered the same way again and again; both journals keep or
 * send such a shape once (memory-journal.ts, entry-encoder.ts).
 */
export function sameShape(a: JournalRecord, b: JournalRecord): boolean {
  return (
    a.status === b.status &&
    a.operationId === b.operationId &&
    a.path === b.path &&
    a.method === b.method &&
    a.api === b.api &&
    a.instance === b.instance &&
    rememberable(b) &&
    sameQuery(a.query, b.query) &&
    sameFields(a.principal, b.principal) &&
    sameFields(a.auth, b.auth) &&
    sameFields(a.permission, b.permission) &&
    sameFields(a.request.headers, b.request.headers) &&
    sameFields(a.response.headers, b.response.headers)
  );
}

/** The rare exchange whose shape holds more (an unmatched request's nearest operation, steering, an invalid field, a handler's reason or change) is never shared. */
export const rememberable = (r: JournalRecord) => r.operationId !== undefined && !r.steered && !r.invalid && !r.refusal && !r.change;

function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  return a.size === 0 ? b.size === 0 : a.toString() === b.toString();
}

/** Two flat objects with the same fields, each the same value (a nested or array value is never the same object twice: not equal). */
function sameFields(a: object, b: object): boolean {
  if (a === b) return true;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const key in x) {
    if (x[key] !== y[key]) return false;
    n++;
  }
  for (const key in y) if (--n < 0 || !(key in x)) return false;
  return n === 0;
}
