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
export async function authenticate(ctx: Ctx): Promise<void> {
  ctx.principal = GUEST;
  const token = ctx.api.dialect.readToken(ctx);
  // The current format first, then an older one (tokens issued before an upgrade).
  for (const parts of token ? ctx.api.tokens.decode(token) : []) {
    const record = await ctx.services.store.findToken(ctx.ns.name, ctx.api.name, parts.id);
    if (!record || !sameHash(record.verifierHash, hashToken(parts.verifier))) continue;
    if (record.expiresAt !== null && record.expiresAt <= ctx.ns.now()) return;
    ctx.principal = (await ctx.api.resolvePrincipal(record, ctx)) ?? GUEST;
    return;
  }
}
