import type { JournalEntry, JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';

type Side = Omit<JournalEntry['request'], 'body'>;

/**
 * An entry without its id, time, duration and bodies: what the exchanges of one request
 * answered one way share (the Redis journal sends each shape once per batch).
 */
export type EntryShape = Omit<JournalEntry, 'id' | 'time' | 'durationMs' | 'request' | 'response'> & {
  request: Side;
  response: Side;
};

/** An entry's masked parts: its shape, when and how long, and the bodies (a JSON answer is not escaped into another JSON text). */
export interface EntryParts {
  shape: EntryShape;
  /** epoch ms */
  time: number;
  durationMs: number;
  requestBody: string;
  responseBody: string;
}

/** A record as the control API and the inspector show it: every secret masked, the nearest operation of an unmatched one found. */
export function toEntry(id: number, r: JournalRecord, redactor: Redactor): JournalEntry {
  const { shape, time, durationMs, requestBody, responseBody } = toEntryParts(r, redactor);
  return joinEntry(id, shape, new Date(time).toISOString(), durationMs, requestBody, responseBody);
}

/** The entry the parts make: its id, instance and time first, each body beside its headers. */
export function joinEntry(
  id: number,
  shape: EntryShape,
  time: string,
  durationMs: number,
  requestBody: string,
  responseBody: string,
): JournalEntry {
  const { instance, request: sentRequest, response: sentResponse, ...rest } = shape;
  const { httpHeaders: requestHeaders, ...request } = sentRequest;
  const { httpHeaders: responseHeaders, ...response } = sentResponse;
  return {
    id,
    instance,
    time,
    ...rest,
    durationMs,
    request: { httpHeaders: requestHeaders, body: requestBody, ...request },
    response: { httpHeaders: responseHeaders, body: responseBody, ...response },
  };
}

/**
 * A record's masked parts, built once with no copies (the Redis journal sends them on
 * every request); `withShape` false: the caller knows the shape already (entry-encoder.ts).
 */
export function toEntryParts(r: JournalRecord, redactor: Redactor, withShape = true): EntryParts {
  const requestType = readHeader(r.request.headers, 'content-type');
  const responseType = r.response.headers['Content-Type'];
  return {
    shape: withShape ? shapeOf(r, redactor, requestType, responseType) : NO_SHAPE,
    time: r.time,
    durationMs: r.durationMs,
    requestBody: r.request.body ? redactor.body(r.request.body.toString('utf8'), requestType) : '',
    responseBody: redactor.body(r.response.body, responseType),
  };
}

/** What a caller that did not ask for the shape gets in its place. */
const NO_SHAPE = Object.freeze({}) as EntryShape;

function shapeOf(r: JournalRecord, redactor: Redactor, requestType: string | undefined, responseType: string | undefined): EntryShape {
  const shape: EntryShape = {
    instance: r.instance,
    method: r.method,
    path: r.path,
    query: redactor.query(r.query.toString()),
    api: r.api,
    operationId: r.operationId ?? 'unmatched',
    principal: r.principal,
    auth: r.auth,
    permission: r.permission,
    status: r.status,
    request: { httpHeaders: redactor.headers(r.request.headers), ...(requestType ? { contentType: requestType } : {}) },
    response: { httpHeaders: redactor.headers(r.response.headers), ...(responseType ? { contentType: responseType } : {}) },
  };
  const nearest = r.operationId === undefined ? r.nearest?.() : undefined;
  if (nearest) shape.nearest = nearest;
  if (r.steered) shape.steered = r.steered;
  if (r.invalid) shape.invalid = r.invalid;
  if (r.refusal) shape.reason = r.refusal;
  if (r.change) shape.change = r.change;
  return shape;
}

function readHeader(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
}
