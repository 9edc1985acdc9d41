import type { RequestBudget } from './request-budget.js';
import { SetupError } from '../session.js';
import { snippet } from '../response-checks.js';

export interface GrantRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  scopes: readonly string[];
  timeoutMs: number;
  budget: RequestBudget;
}

export interface Granted {
  token: string;
  /** the scopes the token carries: those the answer names, else those asked for (RFC 6749 §5.1) */
  scopes: string[];
}

/**
 * A token from an OAuth 2.0 token endpoint by the client credentials grant (RFC 6749
 * §4.4): a form POST with `grant_type=client_credentials` and the scopes asked for, the
 * client authenticated with HTTP Basic (§2.3.1, which every server must take), or by its
 * `client_id` alone when it has no secret.
 */
export async function requestClientToken(r: GrantRequest): Promise<Granted> {
  r.budget.take();
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (r.scopes.length) form.set('scope', r.scopes.join(' '));
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (r.clientSecret !== undefined)
    headers.Authorization = `Basic ${Buffer.from(`${formEncode(r.clientId)}:${formEncode(r.clientSecret)}`).toString('base64')}`;
  else form.set('client_id', r.clientId);
  const res = await fetch(r.tokenUrl, { method: 'POST', headers, body: form.toString(), signal: AbortSignal.timeout(r.timeoutMs) });
  const text = await res.text();
  let body: { access_token?: unknown; token_type?: unknown; scope?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const token = body?.access_token;
  if (!res.ok || typeof token !== 'string' || !token) {
    throw new SetupError(`the token endpoint ${r.tokenUrl} gave client ${r.clientId} no token: ${res.status} ${snippet(text)}`);
  }
  if (typeof body?.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer')
    throw new SetupError(`the token endpoint ${r.tokenUrl} issued a ${body.token_type} token, not a bearer token`);
  const scopes = typeof body?.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [...r.scopes];
  return { token, scopes };
}

/** RFC 6749 §2.3.1: the client id and secret are form-encoded before they go into Basic. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}
