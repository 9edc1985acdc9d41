import type { Identity, LoginFailureEntry, NamespaceRecord, TokenRecord } from './store.js';

/** Rows of the state file as the Store interface hands them out. */
export function toNamespace(row: unknown): NamespaceRecord | undefined {
  const r = row as { name: string; created_at: number; clock_offset_ms: number; settings: string; seed_hash: string } | undefined;
  if (!r) return undefined;
  return {
    name: r.name,
    createdAt: r.created_at,
    clockOffsetMs: r.clock_offset_ms,
    settings: JSON.parse(r.settings),
    seedHash: r.seed_hash,
  };
}

export function toIdentity(api: string, kind: string, row: unknown): Identity | undefined {
  const r = row as { id: string; keys: string; data: string } | undefined;
  return r && { api, kind, id: r.id, keys: JSON.parse(r.keys), data: JSON.parse(r.data) };
}

export function toToken(row: unknown): TokenRecord | undefined {
  const r = row as any;
  if (!r) return undefined;
  return {
    id: r.id,
    api: r.api,
    verifierHash: r.verifier_hash,
    userType: r.user_type,
    userId: r.user_id,
    clientApp: r.client_app ?? undefined,
    issuedAt: r.issued_at,
    expiresAt: r.expires_at,
    // NULL (a token without them, and every token from before version 4): no key at all
    ...(r.scopes === null ? {} : { scopes: JSON.parse(r.scopes) }),
    ...(r.claims === null ? {} : { claims: JSON.parse(r.claims) }),
  };
}

export function toFailureEntry(row: unknown): LoginFailureEntry {
  const r = row as { api: string; user_type: string; username: string; failures: number; lock_expires_at: number };
  return { api: r.api, userType: r.user_type, username: r.username, failures: r.failures, lockExpiresAt: r.lock_expires_at };
}
