import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { OAuthStore } from '../../store/store.js';
import type { KeyRing } from './key-ring.js';

/** Longer than any token authmock signs by far; a longer one is refused before it is parsed. */
export const MAX_JWT_LENGTH = 8192;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const KID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;
/** Header parameters that would point a verifier elsewhere for a key (RFC 7515 §4.1): never followed, refused. */
const FOREIGN_KEY_HEADERS = ['jku', 'x5u', 'jwk', 'x5c'];

export interface VerifyContext {
  ring: KeyRing;
  store: Pick<OAuthStore, 'isRevoked'>;
  ns: string;
  /** the issuers this namespace's tokens may carry */
  issuers: readonly string[];
  /** the spec whose operation is called; undefined: any (userinfo, introspection) */
  audience?: string | readonly string[];
  /** the namespace's time, epoch ms */
  now: number;
}

export type AccessTokenCheck =
  | { ok: true; claims: JWTPayload & { jti: string; sub: string; client_id: string }; scopes: string[] }
  | { ok: false; outcome: 'malformed' | 'unknown' | 'invalid' | 'expired' | 'revoked'; detail: string };

/** Whether a string is shaped like a JWS in compact form (three base64url parts): only such a bearer is read as a JWT. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

/**
 * An access token as a resource server checks it (RFC 9068 §4): the header first (a kid
 * naming one of this namespace's keys, its algorithm and nothing else, no key pointed to
 * from elsewhere, `typ: at+jwt`), then jose checks the signature, `iss`, `aud`, `exp` and
 * `nbf` on the namespace's clock (no tolerance: the clock is the test's), then revocation.
 * Every refusal says why, for the journal and the 401's error_description.
 */
export async function verifyAccessToken(token: string, ctx: VerifyContext): Promise<AccessTokenCheck> {
  if (token.length > MAX_JWT_LENGTH)
    return refuse('malformed', `the token is ${token.length} characters, more than any token this server signs`);
  if (!JWT_SHAPE.test(token)) return refuse('malformed', 'the token is not a signed JWT');
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    return refuse('malformed', 'the token header is not readable');
  }
  const foreign = FOREIGN_KEY_HEADERS.find((h) => header[h] !== undefined);
  if (foreign) return refuse('invalid', `the token header carries ${foreign}: keys are never taken from a token`);
  if (header.crit !== undefined) return refuse('invalid', 'the token header names critical extensions this server does not know');
  const kid = header.kid;
  if (typeof kid !== 'string' || !KID_SHAPE.test(kid)) return refuse('invalid', 'the token names no key of this server (kid)');
  const key = await ctx.ring.verificationKey(ctx.ns, kid);
  if (!key) return refuse('unknown', 'the token was not signed by a key of this namespace');
  if (header.alg !== key.record.alg) return refuse('invalid', `the token's algorithm is not its key's (${key.record.alg})`);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.record.alg],
      typ: 'at+jwt',
      issuer: [...ctx.issuers],
      ...(ctx.audience !== undefined ? { audience: typeof ctx.audience === 'string' ? ctx.audience : [...ctx.audience] } : {}),
      currentDate: new Date(ctx.now),
      requiredClaims: ['exp', 'iat', 'jti', 'sub', 'client_id'],
    }));
  } catch (err) {
    return explain(err);
  }
  const jti = claims.jti as string;
  if (await ctx.store.isRevoked({ ns: ctx.ns, jti })) return refuse('revoked', 'the token was revoked');
  const scope = typeof claims.scope === 'string' ? claims.scope : '';
  return { ok: true, claims: claims as Extract<AccessTokenCheck, { ok: true }>['claims'], scopes: scope.split(' ').filter(Boolean) };
}

function refuse(outcome: Extract<AccessTokenCheck, { ok: false }>['outcome'], detail: string): AccessTokenCheck {
  return { ok: false, outcome, detail };
}

function explain(err: unknown): AccessTokenCheck {
  if (err instanceof errors.JWTExpired) return refuse('expired', 'the access token expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return refuse('invalid', 'the token was not issued by this server (iss)');
    if (err.claim === 'aud') return refuse('invalid', 'the token is not meant for this API (aud)');
    if (err.claim === 'nbf') return refuse('invalid', 'the token is not valid yet (nbf)');
    if (err.claim === 'typ') return refuse('invalid', 'the token is not an access token (typ must be at+jwt)');
    return refuse('invalid', `the token's ${err.claim} claim is missing or wrong`);
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) return refuse('invalid', 'the token signature is not valid');
  if (err instanceof errors.JOSEAlgNotAllowed) return refuse('invalid', "the token's algorithm is not allowed");
  return refuse('malformed', 'the token is not a valid JWT');
}
