import type { Operation, SecurityScheme } from '../core/types.js';

/**
 * The auth findings of `authmock lint` that matter at start-up, read off the built model
 * (running Spectral there would cost a second): a secured operation that declares no 401,
 * a scoped one that declares no 403, a scheme nothing uses. A client generated from such a
 * spec does not know the answers authmock will give.
 */
export function findAuthGaps(schemes: ReadonlyMap<string, SecurityScheme>, operations: readonly Operation[]): string[] {
  const out: string[] = [];
  const declares = (op: Operation, status: string) => op.responses.has(status) || op.responses.has('4XX');
  const used = new Set<string>();
  for (const op of operations) {
    for (const req of op.security) for (const entry of req) used.add(entry.scheme);
    const secured = op.security.length > 0 && op.security.every((req) => req.length > 0);
    if (!secured || op.permission) continue; // the built-in APIs answer as their platforms do
    if (!declares(op, '401'))
      out.push(
        `${op.method} ${op.path} (${op.operationId}) requires credentials but declares no 401 response [authmock-secured-declares-401]`,
      );
    const scoped = op.security.some((req) => req.some((e) => e.scopes.length > 0));
    if (scoped && !declares(op, '403'))
      out.push(`${op.method} ${op.path} (${op.operationId}) requires scopes but declares no 403 response [authmock-scoped-declares-403]`);
  }
  for (const name of schemes.keys()) {
    if (!used.has(name)) out.push(`security scheme ${name} is declared but no operation uses it [authmock-security-scheme-used]`);
  }
  return out;
}
