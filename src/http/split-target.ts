/** A request target (`/rest/V1/customers/me?x=1`) split once at its query. */
export interface Target {
  /** the target exactly as received */
  url: string;
  /** the path, without the query */
  path: string;
  /** where the query starts in `url`; -1: none */
  q: number;
}

export function splitTarget(url: string): Target {
  const q = url.indexOf('?');
  return { url, path: q < 0 ? url : url.slice(0, q), q };
}

/** The target's query, parsed. */
export function queryOf(target: Pick<Target, 'url' | 'q'>): URLSearchParams {
  return new URLSearchParams(target.q < 0 ? '' : target.url.slice(target.q + 1));
}
