import type { JournalEntry, JournalRecord } from './journal.js';
import { redact, type RedactOptions } from './redact.js';

/** A record as the control API and the inspector show it: every secret masked, the nearest operation of an unmatched one found. */
export function toEntry(id: number, r: JournalRecord, options: RedactOptions): JournalEntry {
  const requestType = readHeader(r.request.headers, 'content-type');
  const responseType = r.response.headers['Content-Type'];
  const entry: JournalEntry = {
    id,
    instance: r.instance,
    time: new Date(r.time).toISOString(),
    method: r.method,
    path: r.path,
    query: redact('query', r.query.toString(), options),
    api: r.api,
    operationId: r.operationId ?? 'unmatched',
    principal: r.principal,
    auth: r.auth,
    permission: r.permission,
    status: r.status,
    durationMs: r.durationMs,
    request: {
      httpHeaders: redact('headers', r.request.headers, options),
      body: r.request.body ? redact('body', r.request.body.toString('utf8'), { ...options, contentType: requestType }) : '',
      ...(requestType ? { contentType: requestType } : {}),
    },
    response: {
      httpHeaders: redact('headers', r.response.headers, options),
      body: redact('body', r.response.body, { ...options, contentType: responseType }),
      ...(responseType ? { contentType: responseType } : {}),
    },
  };
  const nearest = r.operationId === undefined ? r.nearest?.() : undefined;
  if (nearest) entry.nearest = nearest;
  if (r.steered) entry.steered = r.steered;
  if (r.invalid) entry.invalid = r.invalid;
  return entry;
}

function readHeader(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
}
