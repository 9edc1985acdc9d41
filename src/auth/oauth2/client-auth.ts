import type { IncomingHttpHeaders } from 'node:http';
import { oauthError } from './oauth-error.js';
import type { OAuthClient, OAuthParties } from './parties.js';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface AuthenticatedClient {
  client: OAuthClient;
  method: ClientAuthMethod;
}

/** What a request offers to prove which client it is. */
interface Presented {
  clientId: string;
  secret?: string;
  method: ClientAuthMethod;
}

/**
 * The client of a token, revocation or introspection request (RFC 6749 §2.3): HTTP Basic
 * with the form-encoded id and secret (§2.3.1), or both in the body, or only `client_id`
 * for a public client (§2.1). One method at a time (§2.3). Secrets are compared in constant
 * time, and an unknown client costs a comparison too. Where the id exists in several specs,
 * `api` (the spec whose token URL was called) picks, else the secret decides, else the first.
 */
export async function authenticateClient(
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  parties: OAuthParties,
  options: { api?: string; confidentialOnly?: boolean } = {},
): Promise<AuthenticatedClient> {
  const presented = readPresented(headers, form);
  const all = await parties.clients(presented.clientId);
  const mine = options.api ? all.filter((c) => c.api === options.api) : [];
  const candidates = mine.length ? mine : all;
  if (presented.method === 'none') {
    if (options.confidentialOnly) throw oauthError('invalid_client', 'this endpoint needs client authentication (a client secret)');
    const client = candidates.find((c) => c.secretDigest === undefined);
    if (!client) throw oauthError('invalid_client', `client ${presented.clientId} is unknown or must authenticate`);
    return { client, method: 'none' };
  }
  // every candidate is compared, so how many there are is not told by the time it takes
  const matches = candidates.map((c) => parties.secrets.matches(c.secretDigest, presented.secret!));
  if (candidates.length === 0) parties.secrets.matches(undefined, presented.secret!);
  const client = candidates.find((_, i) => matches[i]);
  if (!client) throw oauthError('invalid_client', 'client authentication failed (unknown client or wrong secret)');
  return { client, method: presented.method };
}

function readPresented(headers: IncomingHttpHeaders, form: URLSearchParams): Presented {
  const basic = /^\s*basic\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  const formId = form.get('client_id') ?? undefined;
  const formSecret = form.get('client_secret') ?? undefined;
  if (basic) {
    if (formSecret !== undefined)
      throw oauthError('invalid_request', 'the client authenticated twice (Basic and client_secret): use one method');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError('invalid_client', 'the Basic credentials are not client_id:client_secret');
    const clientId = formDecode(decoded.slice(0, colon));
    if (formId !== undefined && formId !== clientId) throw oauthError('invalid_request', 'client_id differs from the authenticated client');
    return { clientId, secret: formDecode(decoded.slice(colon + 1)), method: 'client_secret_basic' };
  }
  if (headers.authorization && /^\s*basic\b/i.test(headers.authorization))
    throw oauthError('invalid_client', 'the Basic credentials are empty');
  if (formId === undefined)
    throw oauthError('invalid_client', 'no client authentication: send HTTP Basic, client_id and client_secret, or client_id');
  return formSecret !== undefined
    ? { clientId: formId, secret: formSecret, method: 'client_secret_post' }
    : { clientId: formId, method: 'none' };
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined. */
function formDecode(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
