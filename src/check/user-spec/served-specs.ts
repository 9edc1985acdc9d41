import { UsageError } from '../../core/usage-error.js';

/**
 * What an authmock target serves, by spec name: where each is mounted
 * (`GET /__authmock/specs`). Undefined when the target is no authmock (or serves no
 * control API), and the checker then treats it as any other server.
 */
export async function readServedSpecs(
  target: string,
  options: { timeoutMs: number; controlKey?: string },
): Promise<Map<string, string> | undefined> {
  let res: Response;
  try {
    res = await fetch(`${target}/__authmock/specs`, {
      headers: options.controlKey ? { 'X-Authmock-Key': options.controlKey } : {},
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    return undefined; // unreachable: the probe that follows says so
  }
  const text = await res.text();
  if (res.status === 401 && text.includes('X-Authmock-Key'))
    throw new UsageError(`the authmock at ${target} wants its control key: set AUTHMOCK_CONTROL_KEY`);
  if (res.status === 403 && text.includes('Host'))
    throw new UsageError(`the authmock at ${target} does not answer this Host: start it with --allowed-host ${new URL(target).hostname}`);
  if (!res.ok) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(body) || !body.every((s) => typeof s?.name === 'string' && typeof s?.mount === 'string')) return undefined;
  return new Map(body.map((s: { name: string; mount: string }) => [s.name, s.mount]));
}
