import type { Principal } from '../core/types.js';
import { hashToken, sameHash } from '../auth/secrets.js';
import type { Ctx } from './context.js';

const GUEST: Principal = { kind: 'guest' };

/**
 * Finds who is calling. Anything wrong with the token (missing, malformed, unknown,
 * expired, revoked, another API's) makes a guest; the permission check decides what a
 * guest gets, so no token problem has an error of its own, as on the real platform.
 * The API module turns a live token into its caller, reading the identity once.
 */
export function authenticate(ctx: Ctx): void | Promise<void> {
  ctx.principal = GUEST;
  const token = ctx.api.dialect.readToken(ctx);
  // no token (every login): nothing to wait for, so the step costs no microtask
  if (!token) return void (ctx.auth = { outcome: 'none' });
  return authenticateToken(ctx, token);
}

async function authenticateToken(ctx: Ctx, token: string): Promise<void> {
  const tokenPrefix = token.slice(0, 6);
  const candidates = ctx.api.tokens.decode(token);
  // the journal tells another API's token from a malformed one (it knows every codec)
  // by the current format's reading: the id the token was issued with
  ctx.auth = candidates.length ? { outcome: 'unknown', tokenPrefix, tokenId: candidates[0].id } : { outcome: 'malformed', tokenPrefix };
  // The current format first, then an older one (tokens issued before an upgrade).
  for (const parts of candidates) {
    const record = await ctx.services.store.tokens.find({ ns: ctx.ns.name, api: ctx.api.name, id: parts.id });
    if (!record || !sameHash(record.verifierHash, hashToken(parts.verifier))) continue;
    if (record.expiresAt !== null && record.expiresAt <= ctx.ns.now()) {
      return void (ctx.auth = {
        outcome: 'expired',
        tokenPrefix,
        tokenId: parts.id,
        detail: `expired at ${new Date(record.expiresAt).toISOString()}`,
      });
    }
    const principal = await ctx.api.resolvePrincipal(record, ctx);
    ctx.auth = { outcome: principal ? 'ok' : 'no-identity', tokenPrefix, tokenId: parts.id };
    ctx.principal = principal ?? GUEST;
    return;
  }
}
