import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { OauthDeps, OauthToken } from '../../../src/auth/oauth1/index.js';

/** The default integration fixture ("ERP connector", issue #12). */
export const ERP = {
  consumerId: '1',
  consumerKey: 'erpconnectorconsumerkey000000001',
  consumerSecret: 'erpconnectorconsumersecret000001',
  accessToken: 'erpconnectoraccesstoken000000001',
  tokenSecret: 'erpconnectortokensecret000000001',
} as const;

export const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
export const NOW_S = Math.floor(NOW_MS / 1000);

export interface SignOptions {
  method: string;
  url: string;
  /** form fields the client signs (oauth-1.0a: request.data) */
  data?: Record<string, string>;
  signatureMethod?: 'HMAC-SHA256' | 'HMAC-SHA1';
  consumerKey?: string;
  consumerSecret?: string;
  token?: string;
  tokenSecret?: string;
  nonce?: string;
  timestamp?: number;
  /** drop these oauth_* parameters from the header */
  omit?: string[];
  /** replace these oauth_* values in the header after signing */
  override?: Record<string, string>;
}

/**
 * Signs a request with the independent oauth-1.0a client and returns its Authorization
 * header, as an ERP system talking to the platform would send it.
 */
export function signWithLibrary(options: SignOptions): string {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA256';
  const hash = signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const client = new OAuth({
    consumer: { key: options.consumerKey ?? ERP.consumerKey, secret: options.consumerSecret ?? ERP.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (base, key) => createHmac(hash, key).update(base).digest('base64'),
  });
  // the library reads the system clock and Math.random; the tests need fixed values
  client.getTimeStamp = () => options.timestamp ?? NOW_S;
  client.getNonce = () => options.nonce ?? `nonce${Math.random().toString(36).slice(2, 14)}`;
  const data = client.authorize(
    { url: options.url, method: options.method, data: options.data },
    { key: options.token ?? ERP.accessToken, secret: options.tokenSecret ?? ERP.tokenSecret },
  );
  const fields: Record<string, string | number> = { ...data };
  for (const name of options.omit ?? []) delete fields[name];
  Object.assign(fields, options.override ?? {});
  return client.toHeader(fields as unknown as OAuth.Authorization).Authorization;
}

export interface FakeStore extends OauthDeps {
  nonces: Map<string, number>;
}

/** The lookups a Store will offer, over the ERP connector plus a few other tokens. */
export function makeDeps(tokens: Record<string, OauthToken> = {}, now = NOW_MS): FakeStore {
  const nonces = new Map<string, number>();
  const allTokens: Record<string, OauthToken> = {
    [ERP.accessToken]: { secret: ERP.tokenSecret, consumerKey: ERP.consumerKey, type: 'access' },
    ...tokens,
  };
  return {
    now,
    nonces,
    lookupConsumer: async (key) => (key === ERP.consumerKey ? { id: ERP.consumerId, secret: ERP.consumerSecret } : undefined),
    lookupToken: async (token) => allTokens[token],
    rememberNonce: async (consumerKey, nonce, timestamp) => {
      const key = `${consumerKey}\n${nonce}`;
      if (nonces.has(key)) return false;
      nonces.set(key, timestamp);
      return true;
    },
  };
}
