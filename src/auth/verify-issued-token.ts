import type { Directory } from './directory.js';
import { hashToken, sameHash } from './secrets.js';
import { prefixOf, type Verdict } from './verdict.js';

/**
 * A token this API issued: its id names the stored record, its verifier must hash to the
 * stored hash (compared in constant time), it must not have expired on the namespace's
 * clock, and its identity must still be there; what it was issued for comes with it. The current format is tried first, then an
 * older one (tokens issued before an upgrade keep working). A revoked token is gone from
 * the store, so it reads as unknown; the journal tells revoked from unknown.
 */
export async function verifyIssuedToken(token: string, tokens: NonNullable<Directory['tokens']>, now: number): Promise<Verdict> {
  const tokenPrefix = prefixOf(token);
  const candidates = tokens.codec.decode(token);
  if (candidates.length === 0) return { outcome: 'malformed', tokenPrefix };
  for (const parts of candidates) {
    const record = await tokens.find(parts.id);
    if (!record || !sameHash(record.verifierHash, hashToken(parts.verifier))) continue;
    if (record.expiresAt !== null && record.expiresAt <= now) {
      return { outcome: 'expired', tokenPrefix, tokenId: parts.id, detail: `expired at ${new Date(record.expiresAt).toISOString()}` };
    }
    const principal = await tokens.principalOf(record);
    if (!principal) return { outcome: 'no-identity', tokenPrefix, tokenId: parts.id };
    const issuedFor = tokens.issuedFor?.(record);
    return issuedFor
      ? { outcome: 'ok', principal, tokenPrefix, tokenId: parts.id, issuedFor }
      : { outcome: 'ok', principal, tokenPrefix, tokenId: parts.id };
  }
  return { outcome: 'unknown', tokenPrefix, tokenId: candidates[0].id };
}
