import { compactVerify, decodeProtectedHeader } from 'jose';
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

export type AccessClaims = Record<string, unknown> & { jti: string; sub: string; client_id: string; exp: number; iat: number };

export type AccessTokenCheck =
  | { ok: true; claims: AccessClaims; scopes: string[] }
  | { ok: false; outcome: 'malformed' | 'unknown' | 'invalid' | 'expired' | 'revoked'; detail: string };

type Refusal = Extract<AccessTokenCheck, { ok: false }>;

/** Whether a string is shaped like a JWS in compact form (three base64url parts): only such a bearer is read as a JWT. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

/**
 * An access token as a resource server checks it (RFC 9068 §4): the header first (a kid
 * naming one of this namespace's keys, its algorithm and nothing else, no key pointed to
 * from elsewhere, no critical extension, `typ: at+jwt`), the signature with jose, then the
 * claims: `iss`, `aud`, `exp` and `nbf` on the namespace's clock (no tolerance: the clock
 * is the test's), then revocation. A signature checked once is remembered by the ring
 * (while its key is in the namespace); the claims are checked every time. Every refusal
 * says why, for the journal and the 401's error_description.
 */
export async function verifyAccessToken(token: string, ctx: VerifyContext): Promise<AccessTokenCheck> {
  if (token.length > MAX_JWT_LENGTH)
    return refuse('malformed', `the token is ${token.length} characters, more than any token this server signs`);
  const known = ctx.ring.recall(ctx.ns, token);
  let payload: Record<string, unknown>;
  if (known) {
    if (!(await ctx.ring.hasKey(ctx.ns, known.kid))) return refuse('unknown', 'the token was not signed by a key of this namespace');
    payload = known.payload;
  } else {
    const checked = await checkSignature(token, ctx);
    if ('outcome' in checked) return checked;
    payload = checked.payload;
  }
  const refused = checkClaims(payload, ctx);
  if (refused) return refused;
  const claims = payload as AccessClaims;
  if (await ctx.store.isRevoked({ ns: ctx.ns, jti: claims.jti })) return refuse('revoked', 'the token was revoked');
  const scope = typeof claims.scope === 'string' ? claims.scope : '';
  return { ok: true, claims, scopes: scope.split(' ').filter(Boolean) };
}

/** The header's checks and the signature, once per token: the ring remembers what passed. */
async function checkSignature(token: string, ctx: VerifyContext): Promise<{ payload: Record<string, unknown> } | Refusal> {
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
  if (typeof header.typ !== 'string' || !/^(application\/)?at\+jwt$/i.test(header.typ)) {
    return refuse('invalid', 'the token is not an access token (typ must be at+jwt)');
  }
  const kid = header.kid;
  if (typeof kid !== 'string' || !KID_SHAPE.test(kid)) return refuse('invalid', 'the token names no key of this server (kid)');
  const key = await ctx.ring.verificationKey(ctx.ns, kid);
  if (!key) return refuse('unknown', 'the token was not signed by a key of this namespace');
  if (header.alg !== key.record.alg) return refuse('invalid', `the token's algorithm is not its key's (${key.record.alg})`);
  let payload: unknown;
  try {
    const { payload: bytes } = await compactVerify(token, key.publicKey, { algorithms: [key.record.alg] });
    payload = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return refuse('invalid', 'the token signature is not valid');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    return refuse('malformed', 'the token payload is not a JSON object');
  ctx.ring.remember(ctx.ns, token, { kid, payload: payload as Record<string, unknown> });
  return { payload: payload as Record<string, unknown> };
}

/** RFC 9068 §4 and RFC 7519 §4.1: the claims a resource server decides by. */
function checkClaims(p: Record<string, unknown>, ctx: VerifyContext): Refusal | undefined {
  for (const name of ['jti', 'sub', 'client_id'] as const) {
    if (typeof p[name] !== 'string') return refuse('invalid', `the token's ${name} claim is missing or wrong`);
  }
  for (const name of ['exp', 'iat'] as const) {
    if (typeof p[name] !== 'number') return refuse('invalid', `the token's ${name} claim is missing or wrong`);
  }
  if (typeof p.iss !== 'string' || !ctx.issuers.includes(p.iss)) return refuse('invalid', 'the token was not issued by this server (iss)');
  if (ctx.audience !== undefined) {
    const wanted = typeof ctx.audience === 'string' ? [ctx.audience] : ctx.audience;
    const aud = typeof p.aud === 'string' ? [p.aud] : Array.isArray(p.aud) ? p.aud : [];
    if (!aud.some((a) => wanted.includes(a as string))) return refuse('invalid', 'the token is not meant for this API (aud)');
  }
  if ((p.exp as number) * 1000 <= ctx.now) return refuse('expired', 'the access token expired');
  if (p.nbf !== undefined && (typeof p.nbf !== 'number' || p.nbf * 1000 > ctx.now))
    return refuse('invalid', 'the token is not valid yet (nbf)');
  return undefined;
}

function refuse(outcome: Refusal['outcome'], detail: string): Refusal {
  return { ok: false, outcome, detail };
}
