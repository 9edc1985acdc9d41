import { describe, expect, it } from 'vitest';
import { createIsoTime, formatJsonRequest } from './format-request-line.js';

describe('createIsoTime', () => {
  it('gives what toISOString gives, across seconds, days and years', () => {
    const iso = createIsoTime();
    const times = [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 7, Date.UTC(2026, 0, 1) + 58, Date.UTC(2026, 0, 1) + 999];
    times.push(Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 1, 0, 0, 1, 5), Date.UTC(2026, 0, 1) + 10);
    for (const t of times) expect(iso(t)).toBe(new Date(t).toISOString());
  });
});

describe('formatJsonRequest', () => {
  it('is one line of JSON, the namespace only when not the default, the path escaped', () => {
    const iso = createIsoTime();
    const line = {
      time: Date.UTC(2026, 0, 1),
      ns: 'default',
      method: 'GET',
      path: '/a"b\\\\c',
      status: 401,
      ms: 1.23456,
      reason: 'no "credential"',
    };
    const text = formatJsonRequest(line, 'info', iso);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(JSON.parse(text)).toEqual({
      time: '2026-01-01T00:00:00.000Z',
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/a"b\\\\c',
      status: 401,
      ms: 1.23,
      reason: 'no "credential"',
    });
    expect(JSON.parse(formatJsonRequest({ ...line, ns: 'w1' }, 'info', iso)).ns).toBe('w1');
  });
});
