import type { RequestBudget } from './request-budget.js';

export interface Located {
  base: string;
  /** said in the report when the spec's paths were found elsewhere than under its server path */
  note?: string;
}

/**
 * Where a server that is not authmock serves the spec's paths: under the target plus the
 * path of the spec's first server URL (`--target https://api.example.com` and
 * `servers: [{url: /v3}]` → `https://api.example.com/v3`), unless the target already ends
 * with that path. Mocks that ignore `servers` (Prism serves `/pet/10`, not
 * `/api/v3/pet/10`) are found with one more request: when the probe's path answers 404
 * under the server path and something else at the target's root, the root it is.
 */
export async function locateBase(
  target: string,
  mount: string,
  probePath: string | undefined,
  options: { timeoutMs: number; budget: RequestBudget },
): Promise<Located> {
  const root = target.replace(/\/+$/, '');
  const path = mount === '/' ? '' : encodeURI(mount);
  if (!path || new URL(root).pathname.replace(/\/+$/, '').endsWith(path)) return { base: root };
  const under = `${root}${path}`;
  if (probePath === undefined) return { base: under };
  if ((await statusOf(`${under}${probePath}`, options)) !== 404) return { base: under };
  const atRoot = await statusOf(`${root}${probePath}`, options);
  if (atRoot === undefined || atRoot === 404) return { base: under };
  return { base: root, note: `the spec's paths answer at ${root}, not under its server path ${mount}: the checker calls them there` };
}

async function statusOf(url: string, options: { timeoutMs: number; budget: RequestBudget }): Promise<number | undefined> {
  options.budget.note();
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}
