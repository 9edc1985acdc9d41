import type { ISpectralDiagnostic } from '@stoplight/spectral-core';

/**
 * Rules whose findings are about authentication: authmock's auth rules and the serving
 * rule that ties a permission to the security, OWASP's broken authentication (API2) and
 * function-level authorization (API5) rules and its missing-401 rule, and Spectral's check
 * of security requirements.
 */
const AUTH_RULE =
  /^(authmock-(secured-declares-401|scoped-declares-403|security-scheme-used|security-agrees|auth-error-example|permission-matches-security)$|owasp:api[25]:|owasp:api8:2023-define-error-responses-401$|oas[23]-operation-security-defined$)/;

export function isAuthFinding(result: Pick<ISpectralDiagnostic, 'code'>): boolean {
  return AUTH_RULE.test(String(result.code));
}

export function countAuthFindings(results: readonly ISpectralDiagnostic[]): number {
  return results.filter(isAuthFinding).length;
}

/** "17 of them about authentication: 9 authmock-secured-declares-401, 8 authmock-scoped-declares-403". */
export function summarizeAuth(results: readonly ISpectralDiagnostic[]): string {
  const byRule = new Map<string, number>();
  for (const r of results.filter(isAuthFinding)) byRule.set(String(r.code), (byRule.get(String(r.code)) ?? 0) + 1);
  const total = [...byRule.values()].reduce((a, n) => a + n, 0);
  if (total === 0) return '  none of them about authentication';
  const rules = [...byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code, n]) => `${n} ${code}`);
  return `  ${total} of them about authentication: ${rules.join(', ')}`;
}
