import type { Principal } from '../core/types.js';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/**
 * What a token was issued for: one scheme of the API, by name, or the namespace's
 * authorization server (the API's oauth2 and openIdConnect schemes). Which schemes it then
 * proves is `provesScheme` (verify-credential.ts).
 */
export type IssuedFor = { scheme: string } | 'authorization-server';

/** How one scheme's credential fared: who it is, or why it is no one. */
export type Verdict =
  | {
      outcome: 'ok';
      principal: UserPrincipal;
      tokenPrefix?: string;
      tokenId?: number;
      /** a token's: what it was issued for (absent: any scheme that takes it, as before tokens named one) */
      issuedFor?: IssuedFor;
    }
  /** no credential for this scheme in the request */
  | { outcome: 'absent' }
  | {
      outcome: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'invalid' | 'no-identity';
      /** the credential's first characters, never more */
      tokenPrefix?: string;
      tokenId?: number;
      /** a sentence for people: "expired at 2026-01-01T10:00:00.000Z" */
      detail?: string;
    }
  /** the scheme refuses the request with an answer of its own (an OAuth 1.0a signature check); `refusal` is the scheme's */
  | { outcome: 'refused'; refusal: unknown };

/** The first characters of a secret the journal may show. */
export function prefixOf(secret: string): string {
  return secret.slice(0, 6);
}
