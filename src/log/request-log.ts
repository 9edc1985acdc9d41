import pino from 'pino';
import { formatJsonEvent, formatPrettyEvent, type LogEvent, type LogFormat } from './format-line.js';
import { createIsoTime, formatJsonRequest, formatPrettyRequest, type RequestLine } from './format-request-line.js';
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
  // standard output is opened on the first line: a log that never writes (startAuthmock at warn) holds nothing
  let out = options.write;
  const write = (text: string) => (out ??= writeToStdout(format === 'pretty'))(text);
  const iso = createIsoTime();
  const on = { debug: isLevelOn(level, 'debug'), info: isLevelOn(level, 'info'), error: isLevelOn(level, 'error') };
  const levelOf = (status: number, control: boolean) => (control ? 'debug' : status >= 500 ? 'error' : 'info');
  const show = (event: LogEvent) => write(format === 'json' ? formatJsonEvent(event) : formatPrettyEvent(event, paint));
  return {
    wants: (status, control) => on[levelOf(status, control)],
    anyRequests: on.error,
    request(line, control = false) {
      const at = levelOf(line.status, control);
      if (!on[at]) return;
      write(format === 'json' ? formatJsonRequest(line, at, iso) : formatPrettyRequest(line, paint));
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
 * Standard output through pino's SonicBoom. On a terminal each line at once. To a file or
 * a pipe, lines are gathered for at most BATCH_MS (or BATCH_BYTES) and written in the
 * background as one: under load a request then costs an array push, not a system call
 * and a thread-pool round trip of its own. What is gathered is written at exit; a reader
 * that stops reading costs at most 16 MiB, then lines are dropped.
 */
function writeToStdout(sync: boolean): (text: string) => void {
  const out = pino.destination({ dest: 1, sync, maxLength: 16 * 1024 * 1024 });
  if (sync) return (text) => void out.write(text);
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    out.write(lines.join(''));
    lines = [];
    bytes = 0;
  };
  process.once('exit', () => {
    flush();
    try {
      out.flushSync();
    } catch {
      // a closed or broken standard output: nothing more can be written
    }
  });
  return (text) => {
    lines.push(text);
    bytes += text.length;
    if (bytes >= BATCH_BYTES) flush();
    else timer ??= setTimeout(flush, BATCH_MS).unref();
  };
}

const BATCH_MS = 20;
const BATCH_BYTES = 32 * 1024;
