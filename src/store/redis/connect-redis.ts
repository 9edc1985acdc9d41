import { Redis } from 'ioredis';
import { StoreUnavailableError } from '../store-unavailable.js';
import { REDIS_URL_VARIABLE, redactRedisUrl } from './redis-url.js';

export interface RedisConnectOptions {
  /** told when Redis goes away and when it is back, once each */
  notice?: (message: string) => void;
  /** a command unanswered this long fails (a hung Redis answers 503, not never); default 2000 */
  commandTimeoutMs?: number;
}

/** Redis could not be reached or used at start: the CLI prints it and exits 2, as for a bad state directory. */
export class RedisStateError extends Error {
  override name = 'StateError';
}

/**
 * Connects, or throws a RedisStateError naming the URL (never its password). Once
 * connected the client reconnects by itself for ever; while it is away every command
 * fails at once (no offline queue, no retries) instead of holding requests, and the
 * store turns that into StoreUnavailableError, the APIs' 503.
 */
export async function connectRedis(url: string, options: RedisConnectOptions = {}): Promise<Redis> {
  const shown = redactRedisUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A write in flight when the link dropped may or may not have happened: the client
    // got an error for it, so it is not sent a second time behind its back.
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    connectTimeout: 3000,
    // Commands of concurrent requests issued in one tick go out in one write.
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(50 * attempt, 500),
  });
  let down = false;
  let started = false;
  let firstError: Error | undefined;
  client.on('error', (err: Error) => {
    firstError ??= err;
    if (!started || down) return;
    down = true;
    options.notice?.(`Redis at ${shown} is unreachable (${err.message}); the APIs answer 503 until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.notice?.(`Redis at ${shown} is back`);
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    // "Connection is closed" says less than the socket's own error (ECONNREFUSED, ENOTFOUND)
    const why = (firstError ?? (err as Error)).message.replace(/\.$/, '');
    throw new RedisStateError(
      `cannot use Redis at ${shown}: ${why}. Start Redis, or check the URL (--state redis://host:port/db, or ${REDIS_URL_VARIABLE} with --state redis)`,
    );
  }
  started = true;
  return client;
}

/** Replies that mean "not now" rather than "wrong": loading after a restart, no disk, no memory, a replica. */
const TRANSIENT_REPLIES = /^(LOADING|MISCONF|OOM|READONLY|BUSY|MASTERDOWN|NOREPLICAS|TRYAGAIN|CLUSTERDOWN|NOAUTH)\b/;

/** Turns a failure of Redis itself into StoreUnavailableError; a script's own error is a bug and passes as it is. */
export function explainRedisError(err: unknown, shown: string): Error {
  const e = err as Error;
  if (e?.name === 'ReplyError' && !TRANSIENT_REPLIES.test(e.message)) return e;
  // ioredis's words for "not connected now" (no offline queue) are about its options
  const why = /enableOfflineQueue/.test(e?.message ?? '') ? 'not connected (reconnecting)' : (e?.message ?? String(err));
  return new StoreUnavailableError(`Redis at ${shown}: ${why}`, { cause: err });
}
