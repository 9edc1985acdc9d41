/** `--state redis://...` or `rediss://...` (TLS); a password may sit in the URL. */
export function isRedisUrl(state: string): boolean {
  return /^rediss?:\/\//i.test(state);
}

/** `--state redis` takes the URL from here, so a password stays off the command line. */
export const REDIS_URL_VARIABLE = 'AUTHMOCK_REDIS_URL';

/**
 * The Redis URL a `--state` value stands for: the value itself, or for the bare word
 * `redis` the environment's AUTHMOCK_REDIS_URL. undefined: not a Redis state at all;
 * throws when `redis` is given and the variable is not a Redis URL.
 */
export function pickRedisUrl(state: string, env: NodeJS.ProcessEnv): string | undefined {
  if (isRedisUrl(state)) return state;
  if (state !== 'redis') return undefined;
  const url = env[REDIS_URL_VARIABLE];
  if (!url || !isRedisUrl(url))
    throw new Error(
      `--state redis reads the URL from ${REDIS_URL_VARIABLE} (redis://host:port/db or rediss://...), which is ${url ? 'not a Redis URL' : 'not set'}`,
    );
  return url;
}

/** The URL as it may be printed or logged: any password (and user name) masked. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    // Not parseable: show only the scheme, never what might be a password.
    return `${url.split('//')[0]}//(unparseable URL)`;
  }
}

/** A `--state` value as it may be printed: a Redis URL without its password, anything else as it is. */
export function showState(state: string): string {
  return isRedisUrl(state) ? redactRedisUrl(state) : state;
}
