import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthmock, type Authmock, type StartAuthmockOptions } from '../../src/index.js';

export const OAUTH_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'oauth');
export const spec = (name: string) => join(OAUTH_FIXTURES, `${name}.openapi.yaml`);

/** Swagger's Petstore as a user has it: `petstore.openapi.yaml` (its name is the file's), no identity file. */
export function petstoreCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'authmock-petstore-'));
  const file = join(dir, 'petstore.openapi.yaml');
  copyFileSync(join(import.meta.dirname, '..', 'fixtures', 'public-specs', 'swagger-petstore', 'openapi.yaml'), file);
  return file;
}

/** authmock serving the OAuth test specs, in memory, on a free port. */
export function startOAuthMock(
  specs: string[] = ['shop', 'profile', 'music', 'files'],
  options: StartAuthmockOptions = {},
): Promise<Authmock> {
  return startAuthmock({ specs: specs.map((s) => (s.includes('/') ? s : spec(s))), logLevel: 'silent', cacheDir: undefined, ...options });
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A form POST; answers status, headers and the JSON body (or text). */
export async function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}

export async function getJson(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The claims of a JWT, unverified (tests look inside). */
export function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

export function headerOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString('utf8'));
}
