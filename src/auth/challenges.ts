import type { SecurityRequirement, SecurityScheme } from '../core/types.js';
import type { SecurityDecision } from './authenticate.js';
import type { Verdict } from './verdict.js';
import { schemesOf } from '../spec/security-model.js';

type Refusal = Exclude<SecurityDecision, { allowed: true }>;

/**
 * The `WWW-Authenticate` value for a refused request (RFC 7235 §4.1, RFC 6750 §3): one
 * challenge per acceptable scheme that has one (`Bearer` for bearer, oauth2 and
 * openIdConnect schemes, once; `Basic` with its charset, RFC 7617), all in one header.
 * A bearer that came but proved no one adds `error="invalid_token"`; a missing scope
 * `error="insufficient_scope"` and the `scope` needed. API keys have no challenge.
 */
export function challengeFor(
  refusal: Refusal,
  requirements: readonly SecurityRequirement[],
  schemes: ReadonlyMap<string, SecurityScheme>,
  verdicts: ReadonlyMap<string, Verdict>,
  realm: string,
): string | undefined {
  const out: string[] = [];
  let bearerDone = false;
  for (const name of schemesOf(requirements)) {
    const scheme = schemes.get(name);
    if (!scheme) continue;
    if (scheme.type === 'http' && scheme.scheme === 'basic') {
      out.push(`Basic realm=${quote(realm)}, charset="UTF-8"`);
      continue;
    }
    const bearer = scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer');
    if (!bearer || bearerDone) continue;
    bearerDone = true;
    out.push(bearerChallenge(refusal, requirements, schemes, verdicts, realm));
  }
  return out.length ? out.join(', ') : undefined;
}

function bearerChallenge(
  refusal: Refusal,
  requirements: readonly SecurityRequirement[],
  schemes: ReadonlyMap<string, SecurityScheme>,
  verdicts: ReadonlyMap<string, Verdict>,
  realm: string,
): string {
  const parts = [`realm=${quote(realm)}`];
  if (refusal.reason === 'insufficient_scope') {
    parts.push(
      'error="insufficient_scope"',
      `error_description=${quote(`the token lacks ${refusal.missing.join(' ')}`)}`,
      `scope=${quote(refusal.required.join(' '))}`,
    );
    return `Bearer ${parts.join(', ')}`;
  }
  const failed = schemesOf(requirements)
    .filter((n) => isBearerScheme(schemes.get(n)))
    .map((n) => verdicts.get(n))
    .find((v) => v && v.outcome !== 'absent' && v.outcome !== 'ok');
  if (failed) parts.push('error="invalid_token"', `error_description=${quote(describe(failed))}`);
  return `Bearer ${parts.join(', ')}`;
}

function isBearerScheme(scheme: SecurityScheme | undefined): boolean {
  return (
    !!scheme && (scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer'))
  );
}

function describe(v: Verdict): string {
  switch (v.outcome) {
    case 'expired':
      return 'the access token expired';
    case 'malformed':
      return 'the access token is malformed';
    case 'no-identity':
      return 'the access token belongs to no active identity';
    case 'invalid':
      return v.detail ?? 'the access token is not valid';
    default:
      return (v.outcome === 'unknown' || v.outcome === 'revoked') && v.detail ? v.detail : 'the access token is unknown or revoked';
  }
}

/** An RFC 7230 quoted-string. */
function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/[\r\n]/g, ' ')}"`;
}
