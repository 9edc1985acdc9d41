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

/** The line a machine reads: `{"time","level","msg":"request","ns"?,"method","path","status","ms","operationId"?,"reason"?}`. */
export function formatJsonRequest(line: RequestLine, level: string): string {
  // Built by hand: it runs on every request, and only the path and the reason need escaping.
  const ns = line.ns === 'default' ? '' : `"ns":${JSON.stringify(line.ns)},`;
  const op = line.operationId ? `,"operationId":${JSON.stringify(line.operationId)}` : '';
  const reason = line.reason === undefined ? '' : `,"reason":${JSON.stringify(line.reason)}`;
  return (
    `{"time":"${new Date(line.time).toISOString()}","level":"${level}","msg":"request",${ns}"method":${JSON.stringify(line.method)},` +
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
