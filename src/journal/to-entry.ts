import type { JournalEntry, JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';

type Side = Omit<JournalEntry['request'], 'body'>;

/** An entry without its id and its two bodies: what the Redis journal keeps as JSON, the bodies beside it. */
export type EntryHead = Omit<JournalEntry, 'id' | 'request' | 'response'> & { request: Side; response: Side };

/** An entry's masked parts: the head, and the bodies kept apart (a JSON answer is not escaped into another JSON text). */
export interface EntryParts {
  head: EntryHead;
  requestBody: string;
  responseBody: string;
}

/** A record as the control API and the inspector show it: every secret masked, the nearest operation of an unmatched one found. */
export function toEntry(id: number, r: JournalRecord, redactor: Redactor): JournalEntry {
  const { head, requestBody, responseBody } = toEntryParts(r, redactor);
  return joinEntry(id, head, requestBody, responseBody);
}

/** The entry the parts make, its id first and each body beside its headers. */
export function joinEntry(id: number, head: EntryHead, requestBody: string, responseBody: string): JournalEntry {
  const { httpHeaders: requestHeaders, ...request } = head.request;
  const { httpHeaders: responseHeaders, ...response } = head.response;
  return {
    id,
    ...head,
    request: { httpHeaders: requestHeaders, body: requestBody, ...request },
    response: { httpHeaders: responseHeaders, body: responseBody, ...response },
  };
}

/** A record's masked parts, built once with no copies (the Redis journal turns them into JSON on every request). */
export function toEntryParts(r: JournalRecord, redactor: Redactor): EntryParts {
  const requestType = readHeader(r.request.headers, 'content-type');
  const responseType = r.response.headers['Content-Type'];
  const head: EntryHead = {
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
    request: { httpHeaders: redactor.headers(r.request.headers), ...(requestType ? { contentType: requestType } : {}) },
    response: { httpHeaders: redactor.headers(r.response.headers), ...(responseType ? { contentType: responseType } : {}) },
  };
  const nearest = r.operationId === undefined ? r.nearest?.() : undefined;
  if (nearest) head.nearest = nearest;
  if (r.steered) head.steered = r.steered;
  if (r.invalid) head.invalid = r.invalid;
  return {
    head,
    requestBody: r.request.body ? redactor.body(r.request.body.toString('utf8'), requestType) : '',
    responseBody: redactor.body(r.response.body, responseType),
  };
}

function readHeader(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
}
