import type { Ctx, Principal } from '../core/types.js';
import { hashToken, sameHash } from '../auth/secrets.js';

const GUEST: Principal = { kind: 'guest' };

/**
 * Finds who is calling. Anything wrong with the token (missing, malformed, unknown,
 * expired, revoked, another API's) makes a guest; the permission check decides what a
 * guest gets, so no token problem has an error of its own, as on the real platform.
 */
export async function authenticate(ctx: Ctx): Promise<void> {
  ctx.principal = GUEST;
  const token = ctx.api.dialect.readToken(ctx);
  const parts = token ? ctx.api.dialect.tokens.decode(token) : undefined;
  if (!parts) return;
  const { store, clock, fixtures } = ctx.services;
  const record = await store.findToken(ctx.api.name, parts.id);
  if (!record || !sameHash(record.verifierHash, hashToken(parts.verifier))) return;
  if (record.expiresAt !== null && record.expiresAt <= clock.now()) return;
  const tokenId = record.id;
  switch (record.userType) {
    case 'customer':
      if (fixtures.commerce.customersById.has(record.userId)) ctx.principal = { kind: 'customer', userId: record.userId, tokenId };
      return;
    case 'admin': {
      const admin = fixtures.commerce.adminsById.get(record.userId);
      if (admin?.active) ctx.principal = { kind: 'admin', userId: admin.id, tokenId, resources: admin.resources };
      return;
    }
    case 'social':
      if (fixtures.social.usersById.has(record.userId) && record.clientApp && fixtures.social.apps.has(record.clientApp)) {
        ctx.principal = { kind: 'social', userId: record.userId, clientApp: record.clientApp, tokenId };
      }
      return;
  }
}
