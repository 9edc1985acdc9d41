import type { Paint } from './paint.js';
import { clockOf } from './format-line.js';

/** One request as the log shows it: never a body, a query, a header or a secret. */
export interface RequestLine {
  /** epoch milliseconds (the real clock, not a namespace's) */
  time: number;
  /** the namespace; `default` is not shown */
  ns: string;
  method: string;
  /** the path inside the namespace, without the query (which may carry a token) */
  path: string;
  status: number;
  ms: number;
  operationId?: string;
  /** why a request was refused (4xx) or failed (5xx), in words */
  reason?: string;
}

/**
 * `time` as ISO 8601 with milliseconds, as `Date.prototype.toISOString` gives it, for a
 * clock that moves forward: the date and time down to the second are formatted once a
 * second, not once a request.
 */
export function createIsoTime(): (time: number) => string {
  let second = NaN;
  let prefix = '';
  return (time) => {
    const at = Math.floor(time / 1000);
    if (at !== second) {
      second = at;
      prefix = new Date(at * 1000).toISOString().slice(0, 20); // 2026-11-25T09:05:00.
    }
    const ms = time - at * 1000;
    return `${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${Math.floor(ms)}Z`;
  };
}

/** The line a machine reads: `{"time","level","msg":"request","ns"?,"method","path","status","ms","operationId"?,"reason"?}`. */
export function formatJsonRequest(line: RequestLine, level: string, iso: (time: number) => string): string {
  // Built by hand: it runs on every request, and only the path and the reason need escaping.
  const ns = line.ns === 'default' ? '' : `"ns":${JSON.stringify(line.ns)},`;
  const op = line.operationId ? `,"operationId":${JSON.stringify(line.operationId)}` : '';
  const reason = line.reason === undefined ? '' : `,"reason":${JSON.stringify(line.reason)}`;
  return (
    `{"time":"${iso(line.time)}","level":"${level}","msg":"request",${ns}"method":${JSON.stringify(line.method)},` +
    `"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${round(line.ms)}${op}${reason}}\n`
  );
}

/** The line a person reads: `08:30:00.123 [worker-1] GET /rest/V1/customers/me 401 1.2 ms - unknown token 0eeyl0…`. */
export function formatPrettyRequest(line: RequestLine, paint: Paint): string {
  const ns = line.ns === 'default' ? '' : `${paint.cyan(`[${line.ns}]`)} `;
  const reason = line.reason === undefined ? '' : ` ${paint.status(line.status, `- ${line.reason}`)}`;
  return (
    `${paint.dim(clockOf(line.time))} ${ns}${paint.bold(line.method)} ${line.path} ` +
    `${paint.status(line.status, String(line.status))} ${paint.dim(`${line.ms.toFixed(1)} ms`)}${reason}\n`
  );
}

const round = (ms: number) => Math.round(ms * 100) / 100;
