import type { JournalRecord } from './journal.js';
import type { Redactor } from './redactor.js';
import { toEntryParts } from './to-entry.js';

/** One journal entry as it goes to Redis: its shape as ASCII JSON, when and how long, its two masked bodies. */
export interface EntryText {
  shape: string;
  /** epoch ms */
  time: number;
  durationMs: number;
  request: string;
  response: string;
}

/** Recent shapes remembered, with a record of each: traffic under load is a few requests again and again. */
const SHAPES_REMEMBERED = 8;

/**
 * Records as the Redis journal sends them, masked before they leave the process. Under
 * load the same request is answered the same way again and again: an exchange's shape
 * (all but its time, duration and bodies) is masked and turned into JSON once, and found
 * again for a later record that is made of the same values (compared field by field,
 * nothing built), and the batch then finds it again by identity.
 */
export class EntryEncoder {
  /** the most recent first */
  private readonly recent: { record: JournalRecord; shape: string }[] = [];

  constructor(private readonly redactor: Redactor) {}

  encode(record: JournalRecord): EntryText {
    const known = this.recent.find((r) => sameShape(r.record, record));
    const parts = toEntryParts(record, this.redactor, known === undefined);
    let shape = known?.shape;
    if (shape === undefined) {
      shape = asciiJson(JSON.stringify(parts.shape));
      if (rememberable(record)) {
        this.recent.unshift({ record, shape });
        if (this.recent.length > SHAPES_REMEMBERED) this.recent.pop();
      }
    }
    return { shape, time: parts.time, durationMs: parts.durationMs, request: parts.requestBody, response: parts.responseBody };
  }
}

/** The rare exchange whose shape holds more (an unmatched request's nearest operation, steering, an invalid field) is masked every time. */
const rememberable = (r: JournalRecord) => r.operationId !== undefined && !r.steered && !r.invalid;

/** Whether two records make the same shape: every value it is made of equal. */
function sameShape(a: JournalRecord, b: JournalRecord): boolean {
  return (
    a.status === b.status &&
    a.operationId === b.operationId &&
    a.path === b.path &&
    a.method === b.method &&
    a.api === b.api &&
    a.instance === b.instance &&
    rememberable(b) &&
    sameQuery(a.query, b.query) &&
    sameFields(a.principal, b.principal) &&
    sameFields(a.auth, b.auth) &&
    sameFields(a.permission, b.permission) &&
    sameFields(a.request.headers, b.request.headers) &&
    sameFields(a.response.headers, b.response.headers)
  );
}

function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  return a.size === 0 ? b.size === 0 : a.toString() === b.toString();
}

/** Two flat objects with the same fields, each the same value (a nested or array value is never the same object twice: not equal). */
function sameFields(a: object, b: object): boolean {
  if (a === b) return true;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const key in x) {
    if (x[key] !== y[key]) return false;
    n++;
  }
  for (const key in y) if (--n < 0 || !(key in x)) return false;
  return n === 0;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** JSON text with every character past ASCII escaped (`…` → `\u2026`): the same value, one byte a character. */
export function asciiJson(json: string): string {
  if (!NON_ASCII.test(json)) return json;
  // a masked token's ellipsis, in nearly every such text: replaced without a call per character
  const out = json.replaceAll('…', '\\u2026');
  return NON_ASCII.test(out) ? out.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : out;
}
