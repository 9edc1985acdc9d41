import pino from 'pino';
import { formatPrettyEvent, type LogFormat } from './format-line.js';
import { createPaint } from './paint.js';

export type Logger = pino.Logger;

export interface LoggerOptions {
  /** `json` (default): one object a line; `pretty`: the request log's lines for people */
  format?: LogFormat;
  color?: boolean;
}

/**
 * Diagnostics (warnings, errors, a store's notices) on stderr, in the format of the
 * request log (src/log/request-log.ts): `{"time","level","msg",...}` lines, or pretty
 * ones on a terminal. Requests are the request log's, not this one's. Secrets never
 * reach a log call: bodies are not logged.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: ['headers.authorization', 'body.password', 'body.secretKey'],
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (options.format !== 'pretty') return pino(settings, pino.destination(2));
  const paint = createPaint(options.color === true);
  return pino(settings, {
    write(line: string) {
      const { time, level: at, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
      process.stderr.write(formatPrettyEvent({ time: Date.parse(String(time)), level: String(at), msg: String(msg ?? ''), fields }, paint));
    },
  });
}
