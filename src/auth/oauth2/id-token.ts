import { createHash } from 'node:crypto';
import { signCompact } from './sign-compact.js';
import type { ServerContext } from './server-context.js';
import type { OAuthUser } from './parties.js';

const REGISTERED = ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'auth_time', 'nonce', 'at_hash', 'azp'];

/** The claims userinfo and the ID token tell of a user: its own, then `sub` (OpenID Connect Core §5.3.2). */
export function userClaims(user: OAuthUser): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(user.claims)) if (!REGISTERED.includes(name)) out[name] = value;
  return { ...out, sub: user.username, preferred_username: user.username };
}

/**
 * An ID token (OpenID Connect Core §2, §3.1.3.6): for the client (`aud`, `azp`), on the
 * namespace's clock, with the request's nonce, the time the user signed in and `at_hash`,
 * the left half of the access token's SHA-256 (both algorithms authmock signs with use it).
 */
export async function signIdToken(
  ctx: ServerContext,
  args: { user: OAuthUser; clientId: string; nonce?: string; authTime: number; accessToken: string },
): Promise<string> {
  const key = await ctx.ring.signingKey(ctx.ns, ctx.policy.signingAlg, ctx.now);
  const lifetime = ctx.accessLifetime('user');
  const digest = createHash('sha256').update(args.accessToken, 'ascii').digest();
  const payload = {
    ...userClaims(args.user),
    iss: ctx.issuer,
    aud: args.clientId,
    azp: args.clientId,
    iat: Math.floor(ctx.now / 1000),
    exp: Math.floor(ctx.now / 1000) + lifetime,
    auth_time: Math.floor(args.authTime / 1000),
    at_hash: digest.subarray(0, digest.length / 2).toString('base64url'),
    ...(args.nonce !== undefined ? { nonce: args.nonce } : {}),
  };
  const token = await signCompact({ alg: key.record.alg, kid: key.record.kid, typ: 'JWT' }, payload, key.privateKey, key.record.alg);
  await ctx.ring.signed(ctx.ns, key.record, lifetime * 1000);
  return token;
}
