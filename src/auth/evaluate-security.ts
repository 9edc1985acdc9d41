import type { Principal, Scopes, SecurityRequirement } from '../core/types.js';
import type { UserPrincipal, Verdict } from './verdict.js';

/** Whether a request may call an operation, and if not, why (RFC 6750 §3.1's two cases). */
export type SecurityDecision =
  | { allowed: true; principal: Principal }
  /** no requirement's schemes were all proved: 401 */
  | { allowed: false; reason: 'unauthenticated' }
  /** a requirement's schemes were all proved but the caller lacks scopes it lists: 403 (the built-ins answer 401) */
  | { allowed: false; reason: 'insufficient_scope'; principal: UserPrincipal; scheme: string; missing: string[]; required: string[] };

/** Whether `held` includes every one of `needed`. */
export function holdsScopes(held: Scopes, needed: readonly string[]): boolean {
  return held === 'all' || needed.every((s) => held.has(s));
}

/**
 * OpenAPI's semantics (§4.8.30): the requirements are OR, the schemes within one AND, each
 * scheme's scopes must all be held by the credential that proved it, `{}` admits anyone,
 * and no requirements at all leave the operation open. The caller is the principal of the
 * requirement that held (or, where `{}` or openness let anyone in, whoever proved themselves).
 */
export function evaluateSecurity(requirements: readonly SecurityRequirement[], verdicts: ReadonlyMap<string, Verdict>): SecurityDecision {
  const anyone = firstPrincipal(verdicts);
  if (requirements.length === 0) return { allowed: true, principal: anyone };
  let lacking: Extract<SecurityDecision, { reason: 'insufficient_scope' }> | undefined;
  let optional = false;
  for (const req of requirements) {
    if (req.length === 0) {
      optional = true;
      continue;
    }
    let proved = true;
    let missingHere: { principal: UserPrincipal; scheme: string; missing: string[]; required: string[] } | undefined;
    for (const entry of req) {
      const verdict = verdicts.get(entry.scheme);
      if (verdict?.outcome !== 'ok') {
        proved = false;
        break;
      }
      if (!missingHere && !holdsScopes(verdict.principal.scopes, entry.scopes)) {
        const held = verdict.principal.scopes;
        missingHere = {
          principal: verdict.principal,
          scheme: entry.scheme,
          missing: entry.scopes.filter((s) => held !== 'all' && !held.has(s)),
          required: [...entry.scopes],
        };
      }
    }
    if (!proved) continue;
    if (!missingHere) return { allowed: true, principal: (verdicts.get(req[0].scheme) as Extract<Verdict, { outcome: 'ok' }>).principal };
    lacking ??= { allowed: false, reason: 'insufficient_scope', ...missingHere };
  }
  if (optional) return { allowed: true, principal: anyone };
  return lacking ?? { allowed: false, reason: 'unauthenticated' };
}

function firstPrincipal(verdicts: ReadonlyMap<string, Verdict>): Principal {
  for (const v of verdicts.values()) if (v.outcome === 'ok') return v.principal;
  return { kind: 'guest' };
}
