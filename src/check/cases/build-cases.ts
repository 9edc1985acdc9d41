import type { CheckCase } from '../case-types.js';
import { describeRoleSources } from '../api-profile.js';
import type { Session } from '../session.js';
import { buildPositiveCases } from './positive-cases.js';
import { buildNegativeCases } from './negative-cases.js';
import { buildPermissionCases } from './permission-cases.js';
import { buildFlowCases, buildLockoutCase } from './flow-cases.js';
import { buildIntegrationCases, needsServerFlag } from './integration-cases.js';
import type { BuildInput } from './case-helpers.js';

/**
 * Every case, in run order: per operation positive, negative and permission cases,
 * then each API's flows, and the lockout flows last, so that no other case meets a
 * locked account.
 */
export function buildCases(input: BuildInput): CheckCase[] {
  const cases: CheckCase[] = [];
  for (const api of input.apis) {
    for (const m of input.models[api].operations.filter((o) => !needsServerFlag(o))) {
      cases.push(...buildPositiveCases(m, input), ...buildNegativeCases(m, input), ...buildPermissionCases(m, input));
    }
    cases.push(...buildFlowCases(api, input), ...buildIntegrationCases(api, input));
  }
  for (const api of input.apis) {
    const lockout = buildLockoutCase(api, input);
    if (lockout) cases.push(lockout);
  }
  return cases;
}

export interface SelectOptions {
  /** skip cases with XML bodies or XML answers */
  jsonOnly: boolean;
  /** also skip what Prism's validating proxy answers itself */
  proxySafe: boolean;
  lockout: boolean;
  /** both APIs are checked (cross-API token cases need both) */
  allApis: boolean;
  /** APIs whose spec's other servers are reachable (no per-API URL was given) */
  altServers: readonly string[];
}

export const SKIP_REASONS = {
  xml: 'XML case: Prism 5.14 parses no XML request bodies (it answers 422 "must be object") and validates XML answers as if they were JSON, so --json-only/--proxy-safe leave XML out',
  lockout: '--no-lockout: the lockout flow would lock an account',
  crossApi: "needs both APIs (--api all) to obtain the other API's token",
  altServer: "the spec's other servers are only reachable with --target (a per-API URL names one server)",
} as const;

/** Why a case is not run under these options, or undefined. */
export function skipReason(c: CheckCase, options: SelectOptions, session: Session): string | undefined {
  if (c.tags.unavailable) return c.tags.unavailable;
  if (c.tags.lockout && !options.lockout) return SKIP_REASONS.lockout;
  if (c.tags.xml && (options.jsonOnly || options.proxySafe)) return SKIP_REASONS.xml;
  if (c.tags.prismAnswers && options.proxySafe) return `--proxy-safe: ${c.tags.prismAnswers}`;
  if (c.tags.crossApi && !options.allApis) return SKIP_REASONS.crossApi;
  if (c.tags.altServer && !options.altServers.includes(c.api)) return SKIP_REASONS.altServer;
  const missing = c.requires.find((r) => !session.has(r));
  if (missing) {
    const api = session.apiOfRole(missing);
    return `no ${missing} account (${api ? describeRoleSources(missing, session.profile(api)) : 'no checked API declares this role'})`;
  }
  return undefined;
}
