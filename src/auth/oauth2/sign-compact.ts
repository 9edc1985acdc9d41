import { sign, type KeyObject } from 'node:crypto';
import type { SigningAlg } from '../../store/store.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A JWS in compact serialization (RFC 7515 §7.1) of a JSON payload: the signing input as
 * jose builds it, signed with node:crypto's sign in the thread pool (RS256: RSASSA-PKCS1-v1_5
 * with SHA-256; ES256: ECDSA P-256 with SHA-256, its signature as r‖s, RFC 7518 §3.4). jose's
 * own path goes through WebCrypto, which signs RS256 at about half this rate on Node 20
 * (docs/oauth.md); every token is still verified with jose.
 */
export function signCompact(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject,
  alg: SigningAlg,
): Promise<string> {
  const input = `${part(header)}.${part(payload)}`;
  const options = alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' as const } : key;
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(input), options, (err, signature) =>
      err ? reject(err) : resolve(`${input}.${signature.toString('base64url')}`),
    );
  });
}
