import type { Paint } from './paint.js';

/** How lines are written: `pretty` for people (a terminal), `json` one object a line for machines. */
export type LogFormat = 'pretty' | 'json';

/** A line that is not a request's: the banner, the shutdown, a warning. */
export interface LogEvent {
  /** epoch milliseconds */
  time: number;
  level: string;
  msg: string;
  fields?: Readonly<Record<string, unknown>>;
}

/** `{"time":"<ISO>","level":"info","msg":"...",...fields}` and a newline. */
export function formatJsonEvent(event: LogEvent): string {
  return `${JSON.stringify({ time: new Date(event.time).toISOString(), level: event.level, msg: event.msg, ...event.fields })}\n`;
}

/** `08:30:00.123 WARN message key=value ...`; info lines carry no level word. */
export function formatPrettyEvent(event: LogEvent, paint: Paint): string {
  const level = event.level === 'info' ? '' : `${paint.level(event.level, event.level.toUpperCase())} `;
  const extra = Object.entries(event.fields ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `${paint.dim(clockOf(event.time))} ${level}${event.msg}${extra.length ? ` ${paint.dim(extra.join(' '))}` : ''}\n`;
}

/** Local wall-clock time with milliseconds: `08:30:00.123`. */
export function clockOf(time: number): string {
  const d = new Date(time);
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  const ms = d.getMilliseconds();
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}`;
}
