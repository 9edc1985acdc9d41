import type { Principal, SecurityScheme } from '../core/types.js';
import type { Directory, SignedRequest } from './directory.js';
import { readCredential, type CredentialSource } from './credentials.js';
import { verifyCredential } from './verify-credential.js';
import type { Verdict } from './verdict.js';

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
  for (const name of names) {
    const scheme = schemes.get(name);
    const credential = scheme && readCredential(scheme, source);
    const verdict = credential ? await verifyCredential(scheme, credential, (directory ??= directoryOf()), request) : ABSENT;
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
