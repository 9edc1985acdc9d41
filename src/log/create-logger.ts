import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stderr. Per-request lines are at `debug`, so the default `info` level
 * costs nothing on the hot path. Secrets never reach a log call: bodies are not logged.
 */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ['headers.authorization', 'body.password', 'body.secretKey'] }, pino.destination(2));
}
