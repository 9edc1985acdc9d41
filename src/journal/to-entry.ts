import type { JournalEntry, JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';

/** A record as the control API and the inspector show it: every secret masked, the nearest operation of an unmatched one found. */
export function toEntry(id: number, r: JournalRecord, redactor: Redactor): JournalEntry {
  const requestType = readHeader(r.request.headers, 'content-type');
  const responseType = r.response.headers['Content-Type'];
  const entry: JournalEntry = {
    id,
    instance: r.instance,
    time: new Date(r.time).toISOString(),
    method: r.method,
    path: r.path,
    query: redactor.query(r.query.toString()),
    api: r.api,
    operationId: r.operationId ?? 'unmatched',
    principal: r.principal,
    auth: r.auth,
    permission: r.permission,
    status: r.status,
    durationMs: r.durationMs,
    request: {
      httpHeaders: redactor.headers(r.request.headers),
      body: r.request.body ? redactor.body(r.request.body.toString('utf8'), requestType) : '',
      ...(requestType ? { contentType: requestType } : {}),
    },
    response: {
      httpHeaders: redactor.headers(r.response.headers),
      body: redactor.body(r.response.body, responseType),
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
