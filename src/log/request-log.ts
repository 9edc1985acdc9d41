import pino from 'pino';
import { formatJsonEvent, formatPrettyEvent, type LogEvent, type LogFormat } from './format-line.js';
import { formatJsonRequest, formatPrettyRequest, type RequestLine } from './format-request-line.js';
import { isLevelOn } from './log-level.js';
import { createPaint } from './paint.js';

export type { RequestLine } from './format-request-line.js';

export interface RequestLogOptions {
  /** `--log-level`: requests of the mocked APIs at info (a 5xx at error), the control API's at debug */
  level: string;
  format: LogFormat;
  /** ANSI colours (pretty lines on a terminal) */
  color: boolean;
  /** where lines go; default: standard output, written in the background and flushed at exit */
  write?: (text: string) => void;
}

/** The log people read on standard output: the banner, one line a request, the shutdown. */
export interface RequestLog {
  /** whether a request with this answer would be written: callers skip building the line when not */
  wants(status: number, control: boolean): boolean;
  /** whether any request line can be written at this level (the HTTP layer then times requests) */
  readonly anyRequests: boolean;
  request(line: RequestLine, control?: boolean): void;
  /** the start-up banner, at every level (it says where the server is): `text` for people, `msg` and `fields` as one line for machines */
  banner(text: string, msg: string, fields: Record<string, unknown>): void;
  /** any other line (the shutdown): `msg` and its fields, in the log's format */
  event(level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>): void;
}

/** A request log that writes nothing, not even a banner (in-process tests, an app without one). */
export const SILENT_REQUEST_LOG: RequestLog = {
  wants: () => false,
  anyRequests: false,
  request: () => undefined,
  banner: () => undefined,
  event: () => undefined,
};

export function createRequestLog(options: RequestLogOptions): RequestLog {
  const { level, format } = options;
  const paint = createPaint(options.color && format === 'pretty');
  const write = options.write ?? writeToStdout(format === 'pretty');
  const on = { debug: isLevelOn(level, 'debug'), info: isLevelOn(level, 'info'), error: isLevelOn(level, 'error') };
  const levelOf = (status: number, control: boolean) => (control ? 'debug' : status >= 500 ? 'error' : 'info');
  const show = (event: LogEvent) => write(format === 'json' ? formatJsonEvent(event) : formatPrettyEvent(event, paint));
  return {
    wants: (status, control) => on[levelOf(status, control)],
    anyRequests: on.error,
    request(line, control = false) {
      const at = levelOf(line.status, control);
      if (!on[at]) return;
      write(format === 'json' ? formatJsonRequest(line, at) : formatPrettyRequest(line, paint));
    },
    banner(text, msg, fields) {
      write(format === 'json' ? formatJsonEvent({ time: Date.now(), level: 'info', msg, fields }) : text);
    },
    event(at, msg, fields) {
      if (isLevelOn(level, at)) show({ time: Date.now(), level: at, msg, fields });
    },
  };
}

/**
 * Standard output through pino's SonicBoom: on a terminal each line at once; to a file or
 * a pipe in the background, lines that arrive while a write is under way joined into the
 * next one, so a request costs no system call of its own under load. What is still
 * buffered is written at exit; a reader that stops reading costs at most 16 MiB, then
 * lines are dropped.
 */
function writeToStdout(sync: boolean): (text: string) => void {
  const out = pino.destination({ dest: 1, sync, maxLength: 16 * 1024 * 1024 });
  return (text) => void out.write(text);
}
