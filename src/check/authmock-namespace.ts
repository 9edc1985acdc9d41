import { CLIENT_HEADER } from '../control/cross-site.js';
import { randomBytes } from 'node:crypto';

/** The namespace a check runs in against an authmock, and how to give it back. */
export interface CheckNamespace {
  name: string;
  /** the target with the namespace's path prefix: `${target}/__ns/${name}` */
  base: string;
  /** deletes the namespace; the problem in words when that failed */
  release(): Promise<string | undefined>;
}

/**
 * When the target is an authmock (its `GET /__authmock/health` answers `status` and
 * `apis`), a check takes a fresh namespace, so its lockout flow and tokens never touch
 * the default accounts and a second run finds them as the first did. Any other server:
 * undefined, and the check runs against the target as given.
 */
export async function claimAuthmockNamespace(
  target: string,
  options: { timeoutMs: number; controlKey?: string },
): Promise<CheckNamespace | undefined> {
  const base = target.replace(/\/+$/, '');
  if (!(await isAuthmock(base, options.timeoutMs))) return undefined;
  const name = `check-${randomBytes(6).toString('hex')}`;
  const headers: Record<string, string> = {
    [CLIENT_HEADER]: 'authmock-check',
    ...(options.controlKey ? { 'X-Authmock-Key': options.controlKey } : {}),
  };
  // The namespace's clock is set to the checker's own: signed requests (OAuth timestamps)
  // and lifetimes then agree even with a server whose clock was moved, or is a test's fake one.
  await fetch(`${base}/__ns/${name}/__authmock/clock`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: new Date().toISOString() }),
    signal: AbortSignal.timeout(options.timeoutMs),
  }).catch(() => undefined);
  return {
    name,
    base: `${base}/__ns/${name}`,
    async release() {
      try {
        const res = await fetch(`${base}/__authmock/namespaces/${name}`, {
          method: 'DELETE',
          headers,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        // 404: the check never used it (nothing was created)
        if (res.ok || res.status === 404) return undefined;
        return `could not delete namespace ${name} (HTTP ${res.status}${res.status === 401 ? '; set AUTHMOCK_CONTROL_KEY' : ''})`;
      } catch (err) {
        return `could not delete namespace ${name}: ${(err as Error).message}`;
      }
    },
  };
}

async function isAuthmock(base: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${base}/__authmock/health`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return false;
    const body = (await res.json()) as { status?: unknown; apis?: unknown };
    return typeof body.status === 'string' && Array.isArray(body.apis);
  } catch {
    return false;
  }
}

/** Moves the bases that came from the target (not those given with --<api>-url) under the namespace. */
export function moveBasesUnder(
  bases: Record<string, string[]>,
  target: string,
  namespaceBase: string,
  given: (api: string) => boolean,
): void {
  const from = target.replace(/\/+$/, '');
  for (const api of Object.keys(bases)) {
    if (!given(api)) bases[api] = bases[api].map((b) => (b.startsWith(from) ? namespaceBase + b.slice(from.length) : b));
  }
}
