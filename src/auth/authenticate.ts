import type { Principal, SecurityScheme, Scopes, SecurityRequirement } from '../core/types.js';
import type { Directory, SignedRequest } from './directory.js';
import { readCredential, type CredentialSource } from './credentials.js';
import { bearerTokenOf, checkCredential, fitScheme } from './verify-credential.js';
import type { Verdict, UserPrincipal } from './verdict.js';

// An operation's security in two steps: authenticate (whose credentials came, each read and
// verified once) and evaluateSecurity (whether they meet the requirements: 401, 403 or through).

/** Every scheme an operation names, as the request's credential for it fared. */
export interface Authentication {
  /** by scheme name, in the order the requirements name them */
  verdicts: ReadonlyMap<string, Verdict>;
  /** the first scheme whose credential proved someone; a guest when none did */
  principal: Principal;
  /** the verdict to report: the first that found someone, else the first credential that came, else absent */
  reported: Verdict;
}

const GUEST: Principal = { kind: 'guest' };
const ABSENT: Verdict = { outcome: 'absent' };

/**
 * Reads each scheme's credential once and verifies the ones that came. Only the schemes the
 * operation names are read: an open operation never verifies anything, and a scheme the
 * operation does not accept (an OAuth 1.0a signature on an anonymous route) is not checked.
 * A bearer token several schemes read is checked once; each scheme then takes it only if
 * it was issued for it (fitScheme).
 */
export async function authenticate(
  /** the scheme names the operation's requirements use, each once (Operation.schemes) */
  names: readonly string[],
  schemes: ReadonlyMap<string, SecurityScheme>,
  source: CredentialSource,
  /** what the verifiers look up, made only when a credential came */
  directoryOf: () => Directory,
  request: SignedRequest,
): Promise<Authentication> {
  let directory: Directory | undefined;
  const verdicts = new Map<string, Verdict>();
  let principal: Principal = GUEST;
  let reported: Verdict = ABSENT;
  // the bearer token checked last and its verdict, for the next scheme that reads the same one
  let lastToken: string | undefined;
  let lastChecked: Verdict = ABSENT;
  for (const name of names) {
    const scheme = schemes.get(name);
    const credential = scheme && readCredential(scheme, source);
    let verdict = ABSENT;
    if (credential) {
      directory ??= directoryOf();
      const token = bearerTokenOf(scheme, credential);
      const checked =
        token !== undefined && token === lastToken ? lastChecked : await checkCredential(scheme, credential, directory, request);
      if (token !== undefined) [lastToken, lastChecked] = [token, checked];
      verdict = fitScheme(scheme, checked, directory);
    }
    verdicts.set(name, verdict);
    if (verdict.outcome === 'ok' && principal.kind === 'guest') {
      principal = verdict.principal;
      reported = verdict;
    } else if (reported.outcome === 'absent') reported = verdict;
    // a scheme's own refusal ends authentication: the API answers it as the platform would
    if (verdict.outcome === 'refused') return { verdicts, principal: GUEST, reported: verdict };
  }
  return { verdicts, principal, reported };
}

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
