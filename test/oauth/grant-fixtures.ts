import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Authmock } from '../../src/index.js';
import { basic, startOAuthMock } from './support.js';

// The authorization server's grants over HTTP, as RFC 6749, 7636 and 7009/7662 say: the
// server each grant test file talks to, and the clients, PKCE pair and requests they send it.

/** The calling test file's server and its token endpoint, set by useOAuthServer before its tests run. */
export let am: Authmock;
export let token: string;

/** Starts the OAuth test specs' server before the file's tests and closes it after them. */
export function useOAuthServer(): void {
  beforeAll(async () => {
    am = await startOAuthMock();
    token = `${am.url}/__oauth/token`;
  });
  afterAll(() => am?.close());
}

export const PORTAL = basic('portal', 'portal-secret');
export const BILLING = basic('billing', 'billing-secret');
export const VERIFIER = 'v'.repeat(20) + 'erifier-of-fourty-three-chars-at-least';
const S256 = createHash('sha256').update(VERIFIER).digest('base64url');

export async function settings(ns: string, oauth: Record<string, unknown>) {
  const res = await fetch(`${am.url}/__ns/${ns}/__authmock/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth }),
  });
  expect(res.status).toBe(200);
}

/** The authorization endpoint with autoApprove: where it redirects to. */
export async function authorize(
  ns: string,
  params: Record<string, string>,
): Promise<{ status: number; location: URL | undefined; text: string }> {
  const res = await fetch(`${am.url}/__ns/${ns}/__oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : undefined, text: await res.text() };
}

export const codeRequest = (over: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: 'web',
  redirect_uri: 'http://localhost:3000/callback',
  scope: 'read:orders openid',
  state: 'st-1',
  nonce: 'n-1',
  code_challenge: S256,
  code_challenge_method: 'S256',
  ...over,
});
