import type { RandomSource } from '../../core/types.js';
import type { AccessRecord, SigningAlg } from '../../store/store.js';
import type { KeyRing } from './key-ring.js';
import { signCompact } from './sign-compact.js';

/** How a minted token is made wrong on purpose (the control API's `tamper`, after MockServer's toggles). */
export type Tamper = 'none' | 'expired' | 'issuer' | 'audience' | 'signature';

/** What a JWT access token says (RFC 9068 §2.2), besides the identity's own claims. */
export interface AccessTokenGrant {
  ns: string;
  alg: SigningAlg;
  issuer: string;
  /** the spec the token is for */
  audience: string;
  /** the user's name, or the client id for a client acting for itself */
  subject: string;
  clientId: string;
  scopes: readonly string[];
  /** the identity's claims and any minted ones; registered claims always win over them */
  claims?: Record<string, unknown>;
  authTime?: number;
  /** epoch ms on the namespace's clock */
  now: number;
  lifetimeSeconds: number;
  tamper?: Tamper;
  /** a token id chosen by the caller (else a random one) */
  jti?: string;
}

export interface SignedToken {
  token: string;
  jti: string;
  /** epoch ms */
  expiresAt: number;
  issuedAt: number;
}

/**
 * Claims an identity's or a minter's claims may not replace: what the verifiers decide by.
 * `sub` among them: the resource server, userinfo and the ID token all name the user by it.
 */
const REGISTERED = ['iss', 'sub', 'aud', 'exp', 'iat', 'jti', 'client_id', 'scope'];

export const newTokenId = (random: RandomSource) => random.bytes(16).toString('base64url');

/**
 * An RFC 9068 access token: `typ: at+jwt`, the namespace's active key named by `kid`, the
 * registered claims on the namespace's clock, the scopes as one space-separated `scope`.
 * A tamper makes it wrong in that one way (still well-formed).
 */
export async function signAccessToken(ring: KeyRing, random: RandomSource, grant: AccessTokenGrant): Promise<SignedToken> {
  const key = await ring.signingKey(grant.ns, grant.alg, grant.now);
  const jti = grant.jti ?? newTokenId(random);
  const tamper = grant.tamper ?? 'none';
  const lifetimeMs = grant.lifetimeSeconds * 1000;
  // an expired token was issued one lifetime and a minute ago
  const issuedAt = tamper === 'expired' ? grant.now - lifetimeMs - 60_000 : grant.now;
  const expiresAt = issuedAt + lifetimeMs;
  const payload: Record<string, unknown> = { ...withoutRegistered(grant.claims) };
  Object.assign(payload, {
    iss: tamper === 'issuer' ? 'https://wrong-issuer.authmock.invalid' : grant.issuer,
    sub: grant.subject,
    aud: tamper === 'audience' ? `not-${grant.audience}` : grant.audience,
    exp: Math.floor(expiresAt / 1000),
    iat: Math.floor(issuedAt / 1000),
    jti,
    client_id: grant.clientId,
    scope: grant.scopes.join(' '),
    ...(grant.authTime !== undefined ? { auth_time: Math.floor(grant.authTime / 1000) } : {}),
  });
  const token = await signCompact({ alg: key.record.alg, kid: key.record.kid, typ: 'at+jwt' }, payload, key.privateKey, key.record.alg);
  const extending = ring.signed(grant.ns, key.record, lifetimeMs);
  if (extending) await extending;
  return { token: tamper === 'signature' ? alterSignature(token) : token, jti, expiresAt, issuedAt };
}

function withoutRegistered(claims: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(claims ?? {})) if (!REGISTERED.includes(name)) out[name] = value;
  return out;
}

/** The same token with its signature's first bytes flipped: well-formed, never valid. */
export function alterSignature(token: string): string {
  const dot = token.lastIndexOf('.');
  const signature = Buffer.from(token.slice(dot + 1), 'base64url');
  for (let i = 0; i < 4 && i < signature.length; i++) signature[i] ^= 0xff;
  return `${token.slice(0, dot + 1)}${signature.toString('base64url')}`;
}

/**
 * What the listing keeps of a signed token (the token itself is never kept): the parties and
 * scopes of its grant, and its expiry as its `exp` says it, in whole seconds.
 */
export function accessRecordOf(grant: AccessTokenGrant, signed: SignedToken, userType: 'user' | 'client'): AccessRecord {
  return {
    jti: signed.jti,
    api: grant.audience,
    userType,
    userId: grant.subject,
    clientId: grant.clientId,
    scopes: [...grant.scopes],
    issuedAt: signed.issuedAt,
    expiresAt: Math.floor(signed.expiresAt / 1000) * 1000,
  };
}
