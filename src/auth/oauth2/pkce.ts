import { createHash, timingSafeEqual } from 'node:crypto';
import { oauthError } from './oauth-error.js';

export type ChallengeMethod = 'S256' | 'plain';

/** RFC 7636 §4.1: 43 to 128 unreserved characters (a challenge has the same shape). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The challenge of an authorization request (RFC 7636 §4.3), checked before a code is
 * issued. A public client must send one, with S256; `plain` (also the default when no
 * method is named, §4.3) is refused unless the namespace allows it (§4.2: a downgrade).
 */
export function readChallenge(
  params: URLSearchParams,
  options: { required: boolean; allowPlain: boolean },
): { codeChallenge: string; codeChallengeMethod: ChallengeMethod } | undefined {
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method') ?? 'plain';
  if (!challenge) {
    if (options.required) throw oauthError('invalid_request', 'a public client must send code_challenge with S256 (PKCE, RFC 7636)');
    if (params.has('code_challenge_method')) throw oauthError('invalid_request', 'code_challenge_method without code_challenge');
    return undefined;
  }
  if (method !== 'S256' && method !== 'plain') throw oauthError('invalid_request', `unknown code_challenge_method ${method}`);
  if (method === 'plain' && !options.allowPlain) {
    throw oauthError('invalid_request', 'code_challenge_method plain is refused: use S256 (or allow plain in the namespace settings)');
  }
  if (!VERIFIER.test(challenge)) throw oauthError('invalid_request', 'code_challenge must be 43 to 128 unreserved characters');
  return { codeChallenge: challenge, codeChallengeMethod: method };
}

/**
 * The verifier of a token request against the code's challenge (RFC 7636 §4.6), in
 * constant time. A code issued with a challenge needs its verifier; a verifier for a code
 * issued without one is refused too, so PKCE cannot be stripped from either side.
 */
export function checkVerifier(verifier: string | undefined, challenge: string | undefined, method: ChallengeMethod | undefined): void {
  if (challenge === undefined) {
    if (verifier !== undefined) throw oauthError('invalid_grant', 'code_verifier sent for a code issued without code_challenge');
    return;
  }
  if (verifier === undefined) throw oauthError('invalid_grant', 'code_verifier is required: the code was issued with a code_challenge');
  if (!VERIFIER.test(verifier)) throw oauthError('invalid_grant', 'code_verifier must be 43 to 128 unreserved characters');
  const derived = method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
  const a = Buffer.from(derived);
  const b = Buffer.from(challenge);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
}
