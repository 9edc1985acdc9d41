import type { OauthFailureCode, OauthRefusal } from '../../auth/oauth1/index.js';
import { commerceError, type CommerceError, type CommerceErrorCode } from './error-codes.js';

// The verifier's codes and the commerce dialect's: same texts (docs/commerce-integrations.md §5).
const CODES: Record<Exclude<OauthFailureCode, 'PARAMETER_ABSENT' | 'PARAMETERS_ABSENT' | 'INTERNAL_ERROR'>, CommerceErrorCode> = {
  VERSION_REJECTED: 'OAUTH_VERSION_REJECTED',
  TOKEN_LENGTH_INVALID: 'OAUTH_TOKEN_LENGTH_INVALID',
  SIGNATURE_METHOD_UNSUPPORTED: 'OAUTH_SIGNATURE_METHOD_UNSUPPORTED',
  CONSUMER_KEY_LENGTH: 'OAUTH_CONSUMER_KEY_LENGTH',
  CONSUMER_NOT_FOUND: 'OAUTH_CONSUMER_NOT_FOUND',
  TIMESTAMP_REFUSED: 'OAUTH_TIMESTAMP_REFUSED',
  NONCE_USED: 'OAUTH_NONCE_USED',
  NONCE_ERROR: 'OAUTH_NONCE_ERROR',
  TOKEN_NOT_FOUND: 'OAUTH_TOKEN_NOT_FOUND',
  TOKEN_CONSUMER_MISMATCH: 'OAUTH_TOKEN_CONSUMER_MISMATCH',
  TOKEN_NOT_ACCESS: 'OAUTH_TOKEN_NOT_ACCESS',
  TOKEN_REVOKED: 'OAUTH_TOKEN_REVOKED',
  SIGNATURE_INVALID: 'OAUTH_SIGNATURE_INVALID',
};

/**
 * A refused OAuth request as the commerce dialect's error. A missing parameter reuses the
 * platform's "is required" texts; a PHP TypeError inside its OAuth code (§4.1) is thrown
 * as a plain error, so it becomes the 500 with a report id, its detail in the log.
 */
export function oauthRefusalError(refusal: OauthRefusal): CommerceError {
  const params = refusal.parameters;
  switch (refusal.code) {
    case 'PARAMETER_ABSENT':
      return commerceError('FIELD_REQUIRED', { ...(params as Record<string, string>) });
    case 'PARAMETERS_ABSENT':
      return commerceError('INPUT_EXCEPTIONS', {
        errors: (refusal.errors ?? []).map((e) => ({ code: 'FIELD_REQUIRED', params: { ...e.parameters } })),
      });
    case 'INTERNAL_ERROR':
      throw new Error(`OAuth request made the platform fail: ${refusal.detail ?? 'internal error'}`);
    default:
      // positional parameters (%1) keep their order as 1, 2, ...
      return commerceError(
        CODES[refusal.code],
        Object.fromEntries(((params as readonly string[]) ?? []).map((v, i) => [String(i + 1), v])),
      );
  }
}
